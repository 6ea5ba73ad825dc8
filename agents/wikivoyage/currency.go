package wikivoyage

import "strings"

// countryCurrencies maps ISO 3166-1 alpha-2 country codes to the ISO 4217
// code of the currency prices there are quoted in, as of 2026: every
// country and most territories, so that an ambiguous price symbol (¥, $,
// kr) resolves for any destination. Where a country uses another's
// currency (Ecuador, El Salvador, Panama, Timor-Leste: US dollars;
// Montenegro, Kosovo: euros) the table says so. Bulgaria joined the euro on
// 1 January 2026 and Croatia in 2023; their old currencies (BGN, HRK) are
// still recognised when a price names them.
var countryCurrencies = map[string]string{
	// Europe
	"AD": "EUR", "AL": "ALL", "AM": "AMD", "AT": "EUR", "AX": "EUR", "AZ": "AZN", "BA": "BAM", "BE": "EUR",
	"BG": "EUR", "BY": "BYN", "CH": "CHF", "CY": "EUR", "CZ": "CZK", "DE": "EUR", "DK": "DKK", "EE": "EUR",
	"ES": "EUR", "FI": "EUR", "FO": "DKK", "FR": "EUR", "GB": "GBP", "GE": "GEL", "GG": "GBP", "GI": "GIP",
	"GR": "EUR", "HR": "EUR", "HU": "HUF", "IE": "EUR", "IM": "GBP", "IS": "ISK", "IT": "EUR", "JE": "GBP",
	"LI": "CHF", "LT": "EUR", "LU": "EUR", "LV": "EUR", "MC": "EUR", "MD": "MDL", "ME": "EUR", "MK": "MKD",
	"MT": "EUR", "NL": "EUR", "NO": "NOK", "PL": "PLN", "PT": "EUR", "RO": "RON", "RS": "RSD", "RU": "RUB",
	"SE": "SEK", "SI": "EUR", "SJ": "NOK", "SK": "EUR", "SM": "EUR", "TR": "TRY", "UA": "UAH", "VA": "EUR",
	"XK": "EUR",
	// East Asia
	"CN": "CNY", "HK": "HKD", "JP": "JPY", "KP": "KPW", "KR": "KRW", "MN": "MNT", "MO": "MOP", "TW": "TWD",
	// Southeast Asia
	"BN": "BND", "ID": "IDR", "KH": "KHR", "LA": "LAK", "MM": "MMK", "MY": "MYR", "PH": "PHP", "SG": "SGD",
	"TH": "THB", "TL": "USD", "VN": "VND",
	// South and Central Asia
	"AF": "AFN", "BD": "BDT", "BT": "BTN", "IN": "INR", "KG": "KGS", "KZ": "KZT", "LK": "LKR", "MV": "MVR",
	"NP": "NPR", "PK": "PKR", "TJ": "TJS", "TM": "TMT", "UZ": "UZS",
	// Middle East
	"AE": "AED", "BH": "BHD", "IL": "ILS", "IQ": "IQD", "IR": "IRR", "JO": "JOD", "KW": "KWD", "LB": "LBP",
	"OM": "OMR", "PS": "ILS", "QA": "QAR", "SA": "SAR", "SY": "SYP", "YE": "YER",
	// Africa
	"AO": "AOA", "BF": "XOF", "BI": "BIF", "BJ": "XOF", "BW": "BWP", "CD": "CDF", "CF": "XAF", "CG": "XAF",
	"CI": "XOF", "CM": "XAF", "CV": "CVE", "DJ": "DJF", "DZ": "DZD", "EG": "EGP", "ER": "ERN", "ET": "ETB",
	"GA": "XAF", "GH": "GHS", "GM": "GMD", "GN": "GNF", "GQ": "XAF", "GW": "XOF", "KE": "KES", "KM": "KMF",
	"LR": "LRD", "LS": "LSL", "LY": "LYD", "MA": "MAD", "MG": "MGA", "ML": "XOF", "MR": "MRU", "MU": "MUR",
	"MW": "MWK", "MZ": "MZN", "NA": "NAD", "NE": "XOF", "NG": "NGN", "RE": "EUR", "RW": "RWF", "SC": "SCR",
	"SD": "SDG", "SL": "SLE", "SN": "XOF", "SO": "SOS", "SS": "SSP", "ST": "STN", "SZ": "SZL", "TD": "XAF",
	"TG": "XOF", "TN": "TND", "TZ": "TZS", "UG": "UGX", "YT": "EUR", "ZA": "ZAR", "ZM": "ZMW", "ZW": "ZWG",
	// Americas
	"AG": "XCD", "AI": "XCD", "AR": "ARS", "AW": "AWG", "BB": "BBD", "BL": "EUR", "BM": "BMD", "BO": "BOB",
	"BQ": "USD", "BR": "BRL", "BS": "BSD", "BZ": "BZD", "CA": "CAD", "CL": "CLP", "CO": "COP", "CR": "CRC",
	"CU": "CUP", "CW": "XCG", "DM": "XCD", "DO": "DOP", "EC": "USD", "FK": "FKP", "GD": "XCD", "GF": "EUR",
	"GL": "DKK", "GP": "EUR", "GT": "GTQ", "GY": "GYD", "HN": "HNL", "HT": "HTG", "JM": "JMD", "KN": "XCD",
	"KY": "KYD", "LC": "XCD", "MF": "EUR", "MQ": "EUR", "MS": "XCD", "MX": "MXN", "NI": "NIO", "PA": "USD",
	"PE": "PEN", "PM": "EUR", "PR": "USD", "PY": "PYG", "SR": "SRD", "SV": "USD", "SX": "XCG", "TC": "USD",
	"TT": "TTD", "US": "USD", "UY": "UYU", "VC": "XCD", "VE": "VES", "VG": "USD", "VI": "USD",
	// Oceania
	"AS": "USD", "AU": "AUD", "CK": "NZD", "FJ": "FJD", "FM": "USD", "GU": "USD", "KI": "AUD", "MH": "USD",
	"MP": "USD", "NC": "XPF", "NR": "AUD", "NU": "NZD", "NZ": "NZD", "PF": "XPF", "PG": "PGK", "PW": "USD",
	"SB": "SBD", "TO": "TOP", "TV": "AUD", "VU": "VUV", "WF": "XPF", "WS": "WST",
}

// CountryCurrency returns the ISO 4217 code of the currency of the country
// whose ISO 3166-1 alpha-2 code is country (any case), or "" when the code
// is unknown.
func CountryCurrency(country string) string {
	return countryCurrencies[strings.ToUpper(strings.TrimSpace(country))]
}

// currencyCodes are the ISO 4217 codes a price may name: every currency of
// countryCurrencies plus recently replaced ones that old listings still
// quote, and RMB and NTD, the usual names of CNY and TWD.
var currencyCodes = func() map[string]string {
	m := map[string]string{}
	for _, c := range countryCurrencies {
		m[c] = c
	}
	for _, c := range []string{"BGN", "HRK", "ANG", "ZWL", "SLL", "VEF", "GHC", "LTL", "LVL", "EEK", "CUC"} {
		m[c] = c
	}
	m["RMB"] = "CNY"
	m["NTD"] = "TWD"
	return m
}()
