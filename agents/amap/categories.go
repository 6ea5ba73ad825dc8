package amap

// Amap POI type codes (分类编码) for the travel catalogs, "|"-separated as
// a search's Types takes them. The museum-like subcategories of 科教文化服务
// are named one by one so that schools, press and research institutes,
// also 14xxxx, stay out.
const (
	// TypesSights is 风景名胜: scenic spots, parks, historic sites, temples.
	TypesSights = "110000"
	// TypesMuseums are 博物馆, 展览馆, 美术馆, 科技馆 and 天文馆.
	TypesMuseums = "140100|140200|140400|140600|140700"
	// TypesAttractions are sights and museums.
	TypesAttractions = TypesSights + "|" + TypesMuseums
	// TypesFood is 餐饮服务: restaurants, fast food, cafés, tea houses.
	TypesFood = "050000"
	// TypesLodging is 住宿服务: hotels, guest houses, hostels.
	TypesLodging = "100000"
)
