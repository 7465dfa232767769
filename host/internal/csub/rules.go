package csub

import "regexp"

// Rules say which adapter module a submission is linked into and what that
// adapter supplies in place of the submission's own files and symbols.
// build-c uses the NIST API's (NISTRules); build-ngcc gives the NICCS
// API's, so both compile a submission the same way.
type Rules struct {
	Adapter string              // the adapter module's folder under plugins/
	API     string              // the API as messages name it, with %s for the kind: "the NIST PQC %s API (api.h)"
	Funcs   map[string][]string // kind → the API's entry points, named when the link misses one
	Files   map[string]string   // base names of files left out (sources not compiled, headers not copied), with why
	Only    *regexp.Regexp      // when set, a .c file named in Files is left out only if its text matches
	Symbols map[string]string   // global symbols the adapter defines, with what supplies them
	Foreign map[string]string   // entry points of another API, with the advice when the submission defines one
	Headers bool                // the adapter's own headers are on the submission's include path, after its folders
	OptFlag string              // added to flags that choose no -O level ("" adds none)
}

// NISTRules are the NIST PQC API's: the adapter plugins/nistc supplies
// randombytes, so a rng.c or randombytes.c defining it is left out.
var NISTRules = &Rules{
	Adapter: "nistc",
	API:     "the NIST PQC %s API (api.h)",
	Funcs:   kindFuncs,
	Files:   nistReplaced,
	Only:    randombytesDef,
	Symbols: map[string]string{
		"randombytes":         "the call's reader, the NIST DRBG for KAT files",
		"PQCLEAN_randombytes": "the call's reader, the NIST DRBG for KAT files",
	},
	Foreign: map[string]string{
		"kem_keygen": "the NICCS API's: try --api niccs",
		"kem_enc":    "the NICCS API's: try --api niccs",
		"kem_dec":    "the NICCS API's: try --api niccs",
		"kex_init_a": "the NICCS API's: try --api niccs",
		"kex_a_pass": "the NICCS API's: try --api niccs",
	},
}

// rules are the build's Rules, the NIST API's unless given.
func (b *Build) rules() *Rules {
	if b.Rules != nil {
		return b.Rules
	}
	return NISTRules
}
