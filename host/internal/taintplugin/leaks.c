// The C leaks. Each branch has a side effect through a volatile, so the
// compiler keeps a conditional jump rather than a conditional move
// (memcheck reports jumps on undefined values, moves propagate them).
#include <stdint.h>
#include "leaks.h"

static volatile uint8_t sink;

static const uint8_t table[256] = {1, 2, 3, 4, 5, 6, 7, 8};

uint8_t c_leak_branch(const uint8_t *sk) {
	if (sk[0] & 1) { // taint: branch
		sink = 1;
	}
	return sink;
}

uint8_t c_leak_table(const uint8_t *sk) {
	return table[sk[0]]; // taint: address
}

uint8_t c_leak_loop(const uint8_t *sk) {
	for (int i = 0; i < (sk[0] & 7); i++) { // taint: branch
		sink++;
	}
	return sink;
}

uint8_t c_clean(const uint8_t *sk) {
	uint8_t acc = 0;
	for (int i = 0; i < 32; i++) {
		acc ^= sk[i];
	}
	return acc;
}
