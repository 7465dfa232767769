/* Crucible test data: stands for the ICCS header; Crucible supplies its own. */
#error "the submission's drng.h must not be used"
