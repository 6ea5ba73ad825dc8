package orchestrator

import (
	"math"
	"strings"
)

// iso4217 lists the active ISO 4217 currency codes (fund and precious-metal
// codes excluded), space-separated for compactness.
const iso4217 = "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD " +
	"CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ " +
	"GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD " +
	"LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP " +
	"PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT " +
	"TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL"

var currencyCodes = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields(iso4217) {
		m[c] = true
	}
	return m
}()

// currencyAliases maps common non-ISO names of currencies to their ISO 4217
// codes: RMB, 元 and 块 are yuan (CNY), NTD the New Taiwan dollar, and so on.
var currencyAliases = map[string]string{
	"RMB": "CNY", "元": "CNY", "块": "CNY", "人民币": "CNY", "YUAN": "CNY", "CNH": "CNY",
	"NTD": "TWD", "NT$": "TWD", "US$": "USD", "HK$": "HKD", "S$": "SGD", "A$": "AUD", "C$": "CAD",
	"$": "USD", "€": "EUR", "£": "GBP", "美元": "USD", "欧元": "EUR", "英镑": "GBP", "日元": "JPY", "港币": "HKD",
	"EURO": "EUR", "EUROS": "EUR", "YEN": "JPY", "DOLLAR": "USD", "DOLLARS": "USD", "POUND": "GBP", "POUNDS": "GBP",
	"UKP": "GBP", "STG": "GBP", "UKL": "GBP", "RUR": "RUB", "BAHT": "THB", "WON": "KRW",
}

// CurrencyCode returns the ISO 4217 code that s names — an active code in
// any case ("usd"), or a common alias ("RMB", "元", "NTD", "€") — and
// whether s names one.
func CurrencyCode(s string) (string, bool) {
	s = strings.TrimSpace(s)
	u := strings.ToUpper(s)
	if currencyCodes[u] {
		return u, true
	}
	if c, ok := currencyAliases[u]; ok {
		return c, true
	}
	return "", false
}

// IsCurrencyCode reports whether s is an active ISO 4217 code, exactly as
// written (upper case).
func IsCurrencyCode(s string) bool { return currencyCodes[s] }

// Convert returns m's cents in currency cur at the trip's rates fx (nil:
// none): unchanged when m is already in cur or has no currency, rounded
// half away from zero otherwise; ok is false when a rate is missing. The
// verifier and the re-planner price with it, so that their sums agree.
func Convert(m Money, cur string, fx *Sourced[FXRates]) (int64, bool) {
	if m.Currency == "" || strings.EqualFold(m.Currency, cur) {
		return m.Cents, true
	}
	if fx == nil {
		return 0, false
	}
	rates := fx.Value
	rate := func(c string) float64 {
		if strings.EqualFold(c, rates.Base) {
			return 1
		}
		return rates.Rates[strings.ToUpper(c)]
	}
	from, to := rate(m.Currency), rate(cur)
	if from <= 0 || to <= 0 {
		return 0, false
	}
	return int64(math.Round(float64(m.Cents) / from * to)), true
}
