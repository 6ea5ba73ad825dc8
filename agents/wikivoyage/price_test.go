package wikivoyage

import (
	"fmt"
	"testing"
)

func TestParsePrice(t *testing.T) {
	tests := []struct {
		text, currency string
		want           string // "min-max CUR", "free", or "-" when not parsed
	}{
		// The forms the brief names.
		{"$120-200", "USD", "120.00-200.00 USD"},
		{"$120-200", "AUD", "120.00-200.00 AUD"},
		{"US$ 15", "CNY", "15.00-15.00 USD"},
		{"€15–25", "", "15.00-25.00 EUR"},
		{"¥300", "JPY", "300.00-300.00 JPY"},
		{"¥300", "CNY", "300.00-300.00 CNY"},
		{"300元", "CNY", "300.00-300.00 CNY"},
		{"￥80-120/人", "CNY", "80.00-120.00 CNY"},
		{"RMB 150", "", "150.00-150.00 CNY"},
		{"from 2,500 yen", "", "2500.00-2500.00 JPY"},
		{"Dorms from 150 CNY, doubles 300", "", "150.00-300.00 CNY"},
		{"1.500 Ft", "", "1500.00-1500.00 HUF"},
		{"free", "", "free"},
		{"Free entry", "CNY", "free"},
		{"$$", "USD", "-"},
		{"$$$ (expensive)", "USD", "-"},

		// Ambiguous marks need the country's currency...
		{"¥300", "", "-"},
		{"$120-200", "", "-"},
		{"300元", "", "-"},
		{"100 kr", "SEK", "100.00-100.00 SEK"},
		{"100 kr", "NOK", "100.00-100.00 NOK"},
		{"100 kr", "EUR", "-"},
		// ...and take their usual meaning elsewhere.
		{"$20 per night", "KHR", "20.00-20.00 USD"},
		{"¥3000", "KRW", "3000.00-3000.00 JPY"},
		{"£5", "EUR", "5.00-5.00 GBP"},
		{"£5", "EGP", "5.00-5.00 EGP"},
		// Explicit codes and unambiguous symbols win over the argument.
		{"300 CNY", "JPY", "300.00-300.00 CNY"},
		{"HK$50", "CNY", "50.00-50.00 HKD"},
		{"NT$300-500", "CNY", "300.00-500.00 TWD"},
		{"$15 USD", "AUD", "15.00-15.00 USD"},
		{"2000円", "CNY", "2000.00-2000.00 JPY"},
		{"1万日元", "", "10000.00-10000.00 JPY"},
		{"50美元", "CNY", "50.00-50.00 USD"},
		{"₩15,000", "", "15000.00-15000.00 KRW"},
		{"150k VND", "", "150000.00-150000.00 VND"},
		{"50.000đ", "", "50000.00-50000.00 VND"},
		{"Rs. 500-800", "INR", "500.00-800.00 INR"},
		{"Rs 500", "NPR", "500.00-500.00 NPR"},
		{"S/. 20", "", "20.00-20.00 PEN"},
		{"1 500 Kč", "", "1500.00-1500.00 CZK"},
		{"20 zł", "", "20.00-20.00 PLN"},
		{"200 baht", "", "200.00-200.00 THB"},
		{"฿200-400", "", "200.00-400.00 THB"},
		{"RM 45", "", "45.00-45.00 MYR"},
		{"Rp 350.000", "", "350000.00-350000.00 IDR"},

		// Numbers: separators and decimals.
		{"€2,50", "", "2.50-2.50 EUR"},
		{"€12.5", "", "12.50-12.50 EUR"},
		{"$1,234.56", "USD", "1234.56-1234.56 USD"},
		{"12.000,50 €", "", "12000.50-12000.50 EUR"},
		{"¥1,100–2,000", "CNY", "1100.00-2000.00 CNY"},
		{"€15 to €25", "", "15.00-25.00 EUR"},
		{"€15-€25", "", "15.00-25.00 EUR"},
		{"50~80元", "CNY", "50.00-80.00 CNY"},
		{"50至80元", "CNY", "50.00-80.00 CNY"},
		{"３００元", "CNY", "300.00-300.00 CNY"},

		// Wording around the amounts.
		{"¥40–80 per person", "CNY", "40.00-80.00 CNY"},
		{"Dorm beds from ¥45, doubles from ¥160", "CNY", "45.00-160.00 CNY"},
		{"Tasting menu from ¥800", "CNY", "800.00-800.00 CNY"},
		{"人均40–80元", "CNY", "40.00-80.00 CNY"},
		{"床位45元起", "CNY", "45.00-45.00 CNY"},
		{"2人间200元", "CNY", "200.00-200.00 CNY"},
		{"4-bed dorm ¥60, 2 people ¥200", "CNY", "60.00-200.00 CNY"},
		{"Children under 12 free, adults €10", "", "10.00-10.00 EUR"},
		{"€10 (2024)", "", "10.00-10.00 EUR"},
		{"€10 as of 2023", "", "10.00-10.00 EUR"},
		{"08:00-17:00, ¥50", "CNY", "50.00-50.00 CNY"},
		{"¥100 (about US$15)", "CNY", "100.00-100.00 CNY"},
		{"US$15 or ¥100", "CNY", "15.00-15.00 USD"},
		{"Rooms ¥200, 10% off on weekdays", "CNY", "200.00-200.00 CNY"},
		{"5-star rooms from $300", "USD", "300.00-300.00 USD"},
		{"¥0", "CNY", "free"},
		{"Tel +86 28 8322 2271, rooms ¥50", "CNY", "50.00-50.00 CNY"},

		// Nothing to read.
		{"", "CNY", "-"},
		{"Call for rates", "CNY", "-"},
		{"150-300", "CNY", "-"},
		{"Donation", "", "-"},
		{"免费", "", "free"},
		{"免費參觀", "", "free"},
		{"No charge", "", "free"},
		{"Free wifi, rooms €50", "", "50.00-50.00 EUR"},
	}
	for _, tt := range tests {
		t.Run(tt.text+"|"+tt.currency, func(t *testing.T) {
			r, ok := ParsePrice(tt.text, tt.currency)
			got := "-"
			switch {
			case ok && r.Free:
				got = "free"
			case ok:
				got = fmt.Sprintf("%s-%s", r.Min, r.Max)
				got = fmt.Sprintf("%d.%02d-%d.%02d %s", r.Min.Cents/100, r.Min.Cents%100, r.Max.Cents/100, r.Max.Cents%100, r.Min.Currency)
			}
			if got != tt.want {
				t.Errorf("ParsePrice(%q, %q) = %s (%+v), want %s", tt.text, tt.currency, got, r, tt.want)
			}
		})
	}
}

func TestInferCurrency(t *testing.T) {
	tests := []struct {
		texts []string
		want  string
	}{
		{nil, ""},
		{[]string{"¥40", "$5", "free"}, ""}, // only ambiguous marks
		{[]string{"¥40", "300 CNY", "RMB 20"}, "CNY"},
		{[]string{"2000円", "¥300", "1000 yen"}, "JPY"},
		{[]string{"US$5", "50 CNY"}, "CNY"}, // a tie goes to the first code
		{[]string{"US$5 or 35 CNY", "US$7", "40 CNY"}, "USD"},
	}
	for _, tt := range tests {
		if got := InferCurrency(tt.texts); got != tt.want {
			t.Errorf("InferCurrency(%q) = %q, want %q", tt.texts, got, tt.want)
		}
	}
}

func TestCountryCurrency(t *testing.T) {
	for country, want := range map[string]string{
		"CN": "CNY", "cn": "CNY", " jp ": "JPY", "TW": "TWD", "HK": "HKD", "MO": "MOP", "KR": "KRW", "MN": "MNT",
		"TH": "THB", "VN": "VND", "KH": "KHR", "LA": "LAK", "MM": "MMK", "MY": "MYR", "SG": "SGD", "ID": "IDR",
		"PH": "PHP", "BN": "BND", "TL": "USD", "FR": "EUR", "HR": "EUR", "BG": "EUR", "GB": "GBP", "CH": "CHF",
		"SE": "SEK", "NO": "NOK", "DK": "DKK", "IS": "ISK", "HU": "HUF", "CZ": "CZK", "PL": "PLN", "TR": "TRY",
		"US": "USD", "MX": "MXN", "BR": "BRL", "AE": "AED", "EG": "EGP", "ZA": "ZAR", "AU": "AUD", "IN": "INR",
		"XX": "", "": "", "CHN": "",
	} {
		if got := CountryCurrency(country); got != want {
			t.Errorf("CountryCurrency(%q) = %q, want %q", country, got, want)
		}
	}
	// Every currency of the table is a code ParsePrice reads.
	for country, code := range countryCurrencies {
		if r, ok := ParsePrice("10 "+code, ""); !ok || r.Min.Currency != code {
			t.Errorf("%s: ParsePrice(\"10 %s\") = %+v, %v", country, code, r, ok)
		}
	}
	if n := len(countryCurrencies); n < 200 {
		t.Errorf("only %d countries", n)
	}
}

func TestPriceRangeMid(t *testing.T) {
	r, _ := ParsePrice("¥45-160", "CNY")
	if m := r.Mid(); m.Cents != 10250 || m.Currency != "CNY" {
		t.Errorf("Mid = %+v", m)
	}
}
