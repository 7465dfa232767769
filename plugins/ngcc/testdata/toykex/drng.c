/* Crucible test data: the submission package ships this file; Crucible supplies its functions. */
#error "drng.c must not be compiled by host build-ngcc"
