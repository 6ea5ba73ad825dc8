package osrmtest

// City centres (lon,lat as sent) of the intercity fixtures: 2-point
// tables for transport_options at each distance band. Shanghai–Tokyo and
// Shanghai–Taipei are null off the diagonal, as OSRM answers across the
// sea.
const (
	Chengdu    = "104.0668,30.5728"
	Dujiangyan = "103.6196,30.9985"
	Chongqing  = "106.5516,29.563"
	Xian       = "108.9398,34.3416"
	Shanghai   = "121.4737,31.2304"
	Beijing    = "116.4074,39.9042"
	Tokyo      = "139.6503,35.6762"
	Taipei     = "121.5654,25.033"
)

// Intercity maps the coordinates of the intercity table requests to their
// fixtures; init adds them to Routes.
var Intercity = map[string]string{
	Chengdu + ";" + Dujiangyan: "table_chengdu_dujiangyan.json",
	Chengdu + ";" + Chongqing:  "table_chengdu_chongqing.json",
	Chengdu + ";" + Xian:       "table_chengdu_xian.json",
	Shanghai + ";" + Beijing:   "table_shanghai_beijing.json",
	Shanghai + ";" + Tokyo:     "table_shanghai_tokyo.json",
	Shanghai + ";" + Taipei:    "table_shanghai_taipei.json",
}

func init() {
	for k, v := range Intercity {
		Routes[k] = v
	}
}
