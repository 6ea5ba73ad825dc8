package quality

import "strconv"

// detailf formats a component's detail as fmt.Sprintf would, for the
// verbs the details use — %d of an int, %.Nf of a float64 (N one digit),
// %% — through strconv, which is what fmt calls for them, without fmt's
// reflection: the planner scores several variants of every plan. Any other
// verb is a programming error and panics.
func detailf(format string, args ...any) string {
	var buf [160]byte
	out := buf[:0]
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			out = append(out, c)
			continue
		}
		switch {
		case i+1 < len(format) && format[i+1] == '%':
			out = append(out, '%')
			i++
		case i+1 < len(format) && format[i+1] == 'd':
			out = strconv.AppendInt(out, int64(args[0].(int)), 10)
			args = args[1:]
			i++
		case i+3 < len(format) && format[i+1] == '.' && '0' <= format[i+2] && format[i+2] <= '9' && format[i+3] == 'f':
			out = strconv.AppendFloat(out, args[0].(float64), 'f', int(format[i+2]-'0'), 64)
			args = args[1:]
			i += 3
		default:
			panic("quality: detailf cannot format " + format[i:])
		}
	}
	return string(out)
}
