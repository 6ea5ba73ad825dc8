package orchestrator

import "unicode/utf8"

// appendCanonicalASCII appends CanonicalCity(name) to dst when name is
// ASCII — words separated by any run of ASCII white space, folded to lower
// case — without the three allocations of strings.Fields, Join and
// ToLower; ok is false, and dst unchanged, for any other name. Cities are
// folded many times per plan (Decompose, SameCity, the trip's assembly).
func appendCanonicalASCII(dst []byte, name string) (out []byte, ok bool) {
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			return dst, false
		}
	}
	n := len(dst)
	space := false // a space is owed before the next word
	for i := 0; i < len(name); i++ {
		switch c := name[i]; c {
		case ' ', '\t', '\n', '\v', '\f', '\r':
			space = len(dst) > n
		default:
			if space {
				dst = append(dst, ' ')
				space = false
			}
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
	}
	return dst, true
}

// sameCanonicalCity reports whether CanonicalCity(a) == CanonicalCity(b)
// without allocating for ASCII names of up to 64 bytes.
func sameCanonicalCity(a, b string) bool {
	var bufA, bufB [64]byte
	ca, okA := appendCanonicalASCII(bufA[:0], a)
	cb, okB := appendCanonicalASCII(bufB[:0], b)
	if okA && okB {
		return string(ca) == string(cb)
	}
	return CanonicalCity(a) == CanonicalCity(b)
}
