/* Crucible test data: stands for the ICCS header a submission ships; Crucible supplies its own. */
#error "the submission's auxfunc.h must not be used by host build-ngcc"
