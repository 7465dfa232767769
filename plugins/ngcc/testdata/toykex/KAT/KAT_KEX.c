/* Crucible test data: stands for the ICCS KAT driver, with its own main,
 * which Crucible replaces with kat.WriteNGCCKEX. */
#include "../api/KEX_AlgorithmInstance.h"
int main(void) { return (int)kex_get_passes_num(); }
