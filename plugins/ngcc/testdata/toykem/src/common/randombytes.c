/* Crucible test data: the submission package ships this file; Crucible supplies its functions, so compiling it is a build-ngcc bug. */
#error "randombytes.c must not be compiled by host build-ngcc"
