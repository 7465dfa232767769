/* Crucible test data: stands for the submission's KAT driver; it has its own
 * main, which Crucible replaces with its KAT writer. */
#include "KEM_AlgorithmInstance.h"
int main(void) { return kem_keygen(0, 0, 0, 0); }
