package rediscache

// KeyOf is the name of origin's key of kind ("policy", "target", ...)
// under prefix, for tests that look at the store itself.
func KeyOf(prefix, kind, origin string) string { return newKeys(prefix).of(kind+":", origin) }

// EpochKeyOf and SettlingKeyOf name the epoch and settling keys of
// origin's bucket.
func EpochKeyOf(prefix, origin string) string { return newKeys(prefix).epoch(bucket(origin)) }

func SettlingKeyOf(prefix, origin string) string { return newKeys(prefix).settling(bucket(origin)) }
