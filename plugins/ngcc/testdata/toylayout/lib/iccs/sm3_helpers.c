/* Crucible test data: the ICCS helpers under a name of the submission's own.
 * Crucible supplies these functions; build-ngcc must name this file with
 * the --exclude that leaves it out. They fail, so a build that used them
 * would not reach toykem's KAT digest. */
static int unavailable(unsigned long long output_len_bits, const unsigned char *msg,
	unsigned long long msg_len_bits, unsigned char *out)
{
	(void)output_len_bits;
	(void)msg;
	(void)msg_len_bits;
	(void)out;
	return -1;
}

int sm3hash(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
	return unavailable(output_len_bits, msg, msg_len_bits, digest);
}

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *output)
{
	return unavailable(output_len_bits, msg, msg_len_bits, output);
}

int pseudohash(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
	return unavailable(output_len_bits, msg, msg_len_bits, digest);
}
