/* Crucible test data: the submission package ships its own randombytes; Crucible supplies the randomness, so compiling it is a build-ngcc bug. */
#error "lib/rng/randombytes.c must not be compiled by host build-ngcc"
