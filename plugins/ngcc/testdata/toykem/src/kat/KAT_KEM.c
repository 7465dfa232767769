/* Crucible test data: stands for the ICCS KAT driver; it has its own main,
 * which Crucible replaces with kat.WriteNGCCKEM. */
#include "../api/KEM_AlgorithmInstance.h"
int main(void) { return kem_keygen(0, 0, 0, 0); }
