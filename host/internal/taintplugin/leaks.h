#include <stdint.h>

uint8_t c_leak_branch(const uint8_t *sk);
uint8_t c_leak_table(const uint8_t *sk);
uint8_t c_leak_loop(const uint8_t *sk);
uint8_t c_clean(const uint8_t *sk);
