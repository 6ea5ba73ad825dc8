package traveltools

import (
	"math"
	"strings"

	"github.com/tripweave/tripweave/orchestrator"
)

// FareModel prices the modelled modes of transport_options in one
// country's currency. Every amount is in whole units of Currency (yuan,
// dollars, yen), at approximate mid-2020s retail levels; they are
// estimates for comparing modes and sizing a budget, not quotes, and
// should be refreshed when fuel prices or tariffs move by more than a
// fifth.
//
//   - PetrolPerLitre is the pump price of regular unleaded (92/95 RON).
//   - WearPerKM is the mileage-dependent cost of a car beyond fuel: tyres,
//     maintenance, repairs and the share of depreciation that grows with
//     distance. AAA's "Your Driving Costs" puts maintenance, repair and
//     tyres alone near US$0.06/km; with mileage depreciation US$0.10/km,
//     and other countries scale that by their price level.
//   - TaxiFlagFall and TaxiPerKM are a metered taxi's start fee and its
//     per-km rate in the largest city (the distance rate, without waiting
//     time), which is also what a driver quotes for a fixed intercity fare
//     in most of these markets.
//   - BusPerKM is the per-person fare of an intercity coach (Greyhound,
//     FlixBus, National Express, Chinese 长途客运) divided by the road
//     distance, for trips of 100–500 km.
//   - FlightBase is a typical one-way economy fare, taxes included, of a
//     domestic flight of 500–800 km (great-circle), bought a few weeks
//     ahead; FlightBands scale it to longer flights.
type FareModel struct {
	Currency       string  `json:"currency"`
	PetrolPerLitre float64 `json:"petrol_per_litre"`
	WearPerKM      float64 `json:"wear_per_km"`
	TaxiFlagFall   float64 `json:"taxi_flag_fall"`
	TaxiPerKM      float64 `json:"taxi_per_km"`
	BusPerKM       float64 `json:"bus_per_km"`
	FlightBase     float64 `json:"flight_base"`
}

// CarLitresPer100KM is the fuel use of the modelled car: a compact or
// mid-size petrol car, the usual rental class, in mixed intercity driving
// (EU WLTP combined figures of such cars are 5.5–7.5 L/100 km, real-world
// use runs 10–20 % higher; the US fleet average is about 9.4 L/100 km).
const CarLitresPer100KM = 7.5

// DrivePerKM returns the cost of driving one km: fuel plus wear.
func (m FareModel) DrivePerKM() float64 {
	return CarLitresPer100KM/100*m.PetrolPerLitre + m.WearPerKM
}

// euro is the model of the euro-area countries in FareModels: petrol
// about €1.75/L (EU weekly oil bulletin, 95 RON, 2024–25 average of the
// large members), wear €0.10/km, a German or French big-city taxi (€4.50
// start, €2.20/km), FlixBus-level coach fares (about €0.08/km) and €100
// for a domestic flight of 500–800 km.
var euro = FareModel{Currency: "EUR", PetrolPerLitre: 1.75, WearPerKM: 0.10, TaxiFlagFall: 4.50, TaxiPerKM: 2.20, BusPerKM: 0.08, FlightBase: 100}

// DefaultFareModel prices legs from a country FareModels lacks: the US
// model, in US dollars.
var DefaultFareModel = FareModels["US"]

// FareModels are the fare models by ISO 3166-1 alpha-2 country code of
// the leg's origin. The reasoning for each row is in its comment; the
// columns are described at FareModel.
var FareModels = map[string]FareModel{
	// $3.60/gal regular (EIA 2024–25) ≈ $0.95/L; NYC/Chicago taxi $3.50 +
	// ~$1.75/km; Greyhound ≈ $0.10/km; a 500–800 km domestic fare ≈ $150.
	"US": {Currency: "USD", PetrolPerLitre: 0.95, WearPerKM: 0.10, TaxiFlagFall: 3.50, TaxiPerKM: 1.75, BusPerKM: 0.10, FlightBase: 150},
	// 92# petrol ≈ ¥7.8/L (NDRC ceiling 2024–25); wear ¥0.40/km; Beijing
	// taxi ¥13 flag + ¥2.3/km, rounded up to ¥2.5 for the long-distance
	// surcharge; 长途客运 ≈ ¥0.40/km; a discounted domestic economy fare of
	// 500–800 km ≈ ¥600.
	"CN": {Currency: "CNY", PetrolPerLitre: 7.8, WearPerKM: 0.40, TaxiFlagFall: 13, TaxiPerKM: 2.5, BusPerKM: 0.40, FlightBase: 600},
	// Regular ≈ ¥175/L; wear ¥15/km; Tokyo taxi ¥500 flag + ~¥400/km;
	// highway bus ≈ ¥20/km; a domestic flight (LCC to legacy mix) ≈ ¥15,000.
	"JP": {Currency: "JPY", PetrolPerLitre: 175, WearPerKM: 15, TaxiFlagFall: 500, TaxiPerKM: 400, BusPerKM: 20, FlightBase: 15000},
	// ≈ ₩1,700/L; wear ₩120/km; Seoul taxi ₩4,800 flag + ~₩900/km;
	// express bus ≈ ₩90/km; a domestic flight (Gimpo–Jeju class) ≈ ₩80,000.
	"KR": {Currency: "KRW", PetrolPerLitre: 1700, WearPerKM: 120, TaxiFlagFall: 4800, TaxiPerKM: 900, BusPerKM: 90, FlightBase: 80000},
	// ≈ £1.40/L unleaded; wear £0.10/km; London black cab £3.80 + ~£2/km;
	// National Express ≈ £0.09/km; a domestic or short European flight ≈ £80.
	"GB": {Currency: "GBP", PetrolPerLitre: 1.40, WearPerKM: 0.10, TaxiFlagFall: 3.80, TaxiPerKM: 2.00, BusPerKM: 0.09, FlightBase: 80},
	"DE": euro, "FR": euro, "IT": euro, "ES": euro, "NL": euro, "BE": euro,
	"AT": euro, "PT": euro, "IE": euro, "GR": euro, "FI": euro, "LU": euro,
	// ≈ CHF 1.85/L; wear CHF 0.12/km; Zürich taxi CHF 6.50 + 3.50/km;
	// long-distance coach ≈ CHF 0.18/km; a short European flight ≈ CHF 150.
	"CH": {Currency: "CHF", PetrolPerLitre: 1.85, WearPerKM: 0.12, TaxiFlagFall: 6.50, TaxiPerKM: 3.50, BusPerKM: 0.18, FlightBase: 150},
	// ≈ A$1.95/L; wear A$0.13/km; Sydney taxi A$4.20 + ~A$2.30/km;
	// Greyhound Australia ≈ A$0.15/km; a domestic flight ≈ A$200.
	"AU": {Currency: "AUD", PetrolPerLitre: 1.95, WearPerKM: 0.13, TaxiFlagFall: 4.20, TaxiPerKM: 2.30, BusPerKM: 0.15, FlightBase: 200},
	// ≈ C$1.60/L; wear C$0.13/km; Toronto taxi C$4.00 + ~C$2.10/km;
	// intercity coach ≈ C$0.13/km; Canadian domestic fares run high ≈ C$220.
	"CA": {Currency: "CAD", PetrolPerLitre: 1.60, WearPerKM: 0.13, TaxiFlagFall: 4.00, TaxiPerKM: 2.10, BusPerKM: 0.13, FlightBase: 220},
	// ≈ NZ$2.70/L; wear NZ$0.13/km; Auckland taxi NZ$4 + ~NZ$3/km;
	// InterCity coach ≈ NZ$0.15/km; a domestic flight ≈ NZ$160.
	"NZ": {Currency: "NZD", PetrolPerLitre: 2.70, WearPerKM: 0.13, TaxiFlagFall: 4.00, TaxiPerKM: 3.00, BusPerKM: 0.15, FlightBase: 160},
	// ≈ S$2.70/L; wear S$0.18/km (high ownership costs); taxi S$4.40 +
	// ~S$0.70/km; coach to Malaysia ≈ S$0.10/km; a regional flight ≈ S$180.
	"SG": {Currency: "SGD", PetrolPerLitre: 2.70, WearPerKM: 0.18, TaxiFlagFall: 4.40, TaxiPerKM: 0.70, BusPerKM: 0.10, FlightBase: 180},
	// ≈ HK$24/L (among the world's dearest); wear HK$1/km; urban taxi HK$29
	// + ~HK$10.5/km; cross-border coach ≈ HK$0.8/km; a regional flight ≈
	// HK$1,200.
	"HK": {Currency: "HKD", PetrolPerLitre: 24, WearPerKM: 1.0, TaxiFlagFall: 29, TaxiPerKM: 10.5, BusPerKM: 0.8, FlightBase: 1200},
	// ≈ NT$30/L; wear NT$3/km; Taipei taxi NT$85 + ~NT$25/km; Kuo-Kuang
	// coach ≈ NT$1.8/km; a domestic or short regional flight ≈ NT$2,500.
	"TW": {Currency: "TWD", PetrolPerLitre: 30, WearPerKM: 3, TaxiFlagFall: 85, TaxiPerKM: 25, BusPerKM: 1.8, FlightBase: 2500},
	// ≈ ฿38/L gasohol 95; wear ฿2.5/km; Bangkok meter ฿35 + ~฿8/km;
	// government (BKS) coach ≈ ฿1.2/km; a domestic flight ≈ ฿1,500.
	"TH": {Currency: "THB", PetrolPerLitre: 38, WearPerKM: 2.5, TaxiFlagFall: 35, TaxiPerKM: 8, BusPerKM: 1.2, FlightBase: 1500},
	// RON95 ≈ RM2.05/L (subsidised); wear RM0.25/km; KL taxi RM4 +
	// ~RM1.50/km; express bus ≈ RM0.12/km; a domestic flight ≈ RM250.
	"MY": {Currency: "MYR", PetrolPerLitre: 2.05, WearPerKM: 0.25, TaxiFlagFall: 4.00, TaxiPerKM: 1.50, BusPerKM: 0.12, FlightBase: 250},
	// ≈ ₹103/L; wear ₹4/km; outstation cab ≈ ₹16/km after a ₹100 base;
	// state and private coaches ≈ ₹1.5/km; a domestic flight ≈ ₹5,000.
	"IN": {Currency: "INR", PetrolPerLitre: 103, WearPerKM: 4, TaxiFlagFall: 100, TaxiPerKM: 16, BusPerKM: 1.5, FlightBase: 5000},
	// Pertamax ≈ Rp12,500/L; wear Rp800/km; Jakarta taxi Rp7,500 +
	// ~Rp6,500/km; intercity bus ≈ Rp600/km; a domestic flight ≈ Rp1,000,000.
	"ID": {Currency: "IDR", PetrolPerLitre: 12500, WearPerKM: 800, TaxiFlagFall: 7500, TaxiPerKM: 6500, BusPerKM: 600, FlightBase: 1000000},
	// RON95 ≈ ₫23,000/L; wear ₫2,000/km; Hanoi taxi ₫20,000 + ~₫17,000/km;
	// sleeper coach ≈ ₫700/km; a domestic flight ≈ ₫1,500,000.
	"VN": {Currency: "VND", PetrolPerLitre: 23000, WearPerKM: 2000, TaxiFlagFall: 20000, TaxiPerKM: 17000, BusPerKM: 700, FlightBase: 1500000},
	// Magna ≈ MX$24/L; wear MX$2/km; Mexico City taxi MX$40 + ~MX$12/km;
	// first-class coach (ADO) ≈ MX$1.6/km; a domestic flight ≈ MX$1,800.
	"MX": {Currency: "MXN", PetrolPerLitre: 24, WearPerKM: 2, TaxiFlagFall: 40, TaxiPerKM: 12, BusPerKM: 1.6, FlightBase: 1800},
	// ≈ R$6.00/L gasolina; wear R$0.50/km; São Paulo taxi R$5.50 +
	// ~R$3.50/km; rodoviária coach ≈ R$0.30/km; a domestic flight ≈ R$500.
	"BR": {Currency: "BRL", PetrolPerLitre: 6.00, WearPerKM: 0.50, TaxiFlagFall: 5.50, TaxiPerKM: 3.50, BusPerKM: 0.30, FlightBase: 500},
	// Special 95 ≈ AED 2.90/L; wear AED 0.40/km; Dubai taxi AED 12 +
	// ~AED 2.20/km; intercity bus ≈ AED 0.20/km; a regional flight ≈ AED 500.
	"AE": {Currency: "AED", PetrolPerLitre: 2.90, WearPerKM: 0.40, TaxiFlagFall: 12, TaxiPerKM: 2.20, BusPerKM: 0.20, FlightBase: 500},
}

// FlightBand scales FareModel.FlightBase for flights shorter than UpToKM
// (great-circle).
type FlightBand struct {
	UpToKM float64 `json:"up_to_km"`
	Factor float64 `json:"factor"`
}

// FlightBands is the distance-band model of estimated air fares, shortest
// band first; the last band has no upper bound. Fares grow far slower than
// distance: airport, security and handling charges, taxes and
// distribution are per trip, so per-km yields fall steeply with stage
// length (the ICAO and IATA fare-yield curves). Typical one-way economy
// fares in US dollars are 80–150 for under 800 km, 120–200 for
// 800–1,500 km, 180–300 for 1,500–3,000 km (long domestic, short
// international), 300–500 for 3,000–6,000 km (medium haul) and 500–900
// beyond; with the first band's middle as the base that is 1×, 1.3×, 1.8×,
// 3× and 5×.
var FlightBands = []FlightBand{
	{UpToKM: 800, Factor: 1.0},
	{UpToKM: 1500, Factor: 1.3},
	{UpToKM: 3000, Factor: 1.8},
	{UpToKM: 6000, Factor: 3.0},
	{UpToKM: math.Inf(1), Factor: 5.0},
}

// InternationalFlightFactor raises an estimated fare between two
// countries: international tickets carry departure taxes, passenger
// service charges and thinner competition that domestic ones do not; a
// third more is typical of routes of the same length.
const InternationalFlightFactor = 1.3

// flightFare returns the estimated one-way economy fare of a flight of km
// great-circle km under m.
func (m FareModel) flightFare(km float64, international bool) float64 {
	f := FlightBands[len(FlightBands)-1].Factor
	for _, b := range FlightBands {
		if km < b.UpToKM {
			f = b.Factor
			break
		}
	}
	if international {
		f *= InternationalFlightFactor
	}
	return m.FlightBase * f
}

// fareModel returns the model of country (upper-cased alpha-2) and
// whether the table has it.
func fareModel(country string) (FareModel, bool) {
	m, ok := FareModels[strings.ToUpper(country)]
	if !ok {
		return DefaultFareModel, false
	}
	return m, true
}

// money rounds an amount in whole units to orchestrator.Money.
func money(amount float64, currency string) orchestrator.Money {
	return orchestrator.MoneyFromFloat(amount, currency)
}
