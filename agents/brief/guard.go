package brief

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tripweave/tripweave/orchestrator"
)

// MaxQueryRunes is the longest request accepted, in characters, before
// cleaning. Longer requests are rejected with EINVALID, not truncated.
const MaxQueryRunes = 2000

// guard cleans a request and refuses what the service must not process:
// an empty or over-long text (EINVALID), prompt-injection phrases and
// requests for something other than a trip (EUNPROCESSABLE). It returns
// the cleaned text.
func guard(query string) (string, error) {
	if n := utf8.RuneCountInString(query); n > MaxQueryRunes {
		return "", &orchestrator.Error{Code: orchestrator.EINVALID, Field: "query",
			Message: "the request is too long: at most 2000 characters"}
	}
	clean := cleanText(query)
	if clean == "" {
		return "", &orchestrator.Error{Code: orchestrator.EINVALID, Field: "query", Message: "the request is empty"}
	}
	sk := skeleton(clean)
	what := injection(sk)
	if what == "" && strings.ContainsAny(clean, "<[#") {
		// chat-template markup: <|im_start|>, [INST], <<SYS>>, ### System:
		low := strings.ToLower(clean)
		for _, m := range []string{"<|im_start|>", "<|im_end|>", "<|system|>", "<|user|>", "<|assistant|>", "[inst]", "[/inst]", "<<sys>>", "### system", "### instruction", "<|endoftext|>", "</s>"} {
			if strings.Contains(low, m) {
				what = m
				break
			}
		}
	}
	if what != "" {
		return "", &orchestrator.Error{Code: orchestrator.EUNPROCESSABLE, Field: "query",
			Message: "the request contains instructions addressed to the system (" + what + "); describe the trip only"}
	}
	if what := nonTravel(sk); what != "" {
		return "", &orchestrator.Error{Code: orchestrator.EUNPROCESSABLE, Field: "query",
			Message: "this service only plans trips; the request asks for something else (" + what + ")"}
	}
	return clean, nil
}

// confusables maps look-alike letters (Cyrillic, Greek, Latin variants)
// and common digit/symbol substitutions to the ASCII letters they imitate.
// NFKC has already folded full-width and mathematical alphabets.
var confusables = map[rune]rune{
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't',
	'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ї': 'i', 'ј': 'j', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'һ': 'h', 'ӏ': 'l',
	'ɡ': 'g', 'ո': 'n', 'ս': 'u', 'օ': 'o', 'ı': 'i', 'ȷ': 'j', 'ℓ': 'l',
	'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u',
	'χ': 'x', 'γ': 'y', 'ω': 'w', 'μ': 'u',
	'0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's', '!': 'i', '|': 'l',
}

// skeleton folds s for phrase detection: lower case, diacritics and
// look-alikes mapped to ASCII, every run of non-letters turned into one
// space. Han characters are kept.
func skeleton(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			r = asciiFold[r]
		case isHan(r):
		default:
			r = unicode.ToLower(r)
			if c, ok := confusables[r]; ok {
				r = c
			}
		}
		switch {
		case r < utf8.RuneSelf && ('a' <= r && r <= 'z'):
			b.WriteByte(byte(r))
			space = false
		case isHan(r):
			b.WriteRune(r)
			space = false
		case r >= 0x80 && unicode.IsLetter(r):
			if r < 0x250 { // Latin-1 and Latin Extended: strip the accent
				r = foldLatin(r)
			}
			b.WriteRune(r)
			space = false
		case r >= 0x300 && unicode.Is(unicode.Mn, r):
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimSpace(b.String())
}

// asciiFold is confusables and lower-casing for ASCII, as a table.
var asciiFold = func() (t [utf8.RuneSelf]rune) {
	for i := range t {
		r := rune(i)
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		if c, ok := confusables[r]; ok {
			r = c
		}
		t[i] = r
	}
	return t
}()

func foldLatin(r rune) rune {
	const from = "àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž"
	const to = "aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz"
	if i := strings.IndexRune(from, r); i >= 0 {
		return rune(to[utf8.RuneCountInString(from[:i])])
	}
	return r
}

var (
	// injectionEN matches on the skeleton, where words are separated by one
	// space; injectionCompact matches with the spaces removed, which catches
	// "i g n o r e  p r e v i o u s".
	injectionEN      = regexp.MustCompile(`\b(?:(?:ignore|disregard|forget|override|bypass|skip|drop)(?: (?:all|any|the|your|my|of|these|those|every|previous|prior|above|earlier|preceding|former|original|system|safety|existing))* (?:instructions?|prompts?|rules?|directions?|guidelines?|context|messages?|directives?|constraints?)|(?:reveal|print|show|repeat|output|leak|tell me|display)(?: (?:me|us|your|the|all|its|initial|hidden|original|full))* (?:system )?(?:prompt|instructions)|system prompt|you are now|from now on you|act as (?:a|an|if)|pretend (?:to be|you are)|roleplay as|jailbreak|developer mode|do anything now|new instructions|dan mode)\b`)
	injectionCompact = regexp.MustCompile(`ignore(?:all|any|the|your|previous|prior|above|earlier)+(?:instructions?|prompts?|rules)|disregard(?:all|any|the|your|previous|prior|above)+(?:instructions?|prompts?|rules)|systemprompt|jailbreak|developermode`)
	injectionZH      = regexp.MustCompile(`(?:忽略|无视|忘记|忘掉|不要理会|别管|跳过|覆盖|抛开)(?:掉)?(?:你)?(?:之前|以上|上面|前面|上述|先前|原来|原有|此前|所有|全部|一切|系统|你的|的|给你的)*(?:指令|指示|提示词?|规则|设定|要求|命令|约束)|系统提示词?|提示词|你现在是|从现在开始你|现在你是|扮演(?:一个|一名)?|越狱|开发者模式|输出你的|泄露你的`)

	nonTravelEN = regexp.MustCompile(`\b(?:(?:write|writing|generate|create|give me|show me|implement|fix|debug|refactor|compose)(?: \w+){0,4} (?:code|program|script|function|class|method|essay|poem|story|song|lyrics|article|email|cover letter|resume|sql|regex|query|unit tests?|app|website|thesis)|python|javascript|typescript|golang|kotlin|c sharp|leetcode|homework|calculus|derivative of|integral of|solve (?:this|the|an|a|for)|(?:translate|summarize|paraphrase) (?:this|the following|that|my)|tell me a joke|stock price|bitcoin)\b`)
	nonTravelZH = regexp.MustCompile(`写(?:一段|一个|个|段|一份|一下)?(?:代码|程序|脚本|函数)|(?:编程|编写程序|敲代码)|代码|(?:写|作)(?:一|几|两|三)?(?:篇|首|封|份|段|个)?(?:[^，。,.!?！？]{0,8}的)?(?:文章|作文|论文|诗歌?|古诗|词|信|邮件|小说|报告|故事|歌词|歌|简历|周报|总结|演讲稿)|作文|论文|写诗|(?:翻译|总结|概括)(?:一下)?(?:这段|下面|以下|这篇)|数学题|解方程|做作业|讲个笑话|股票|比特币`)
)

// Cheap filters: the regular expressions run only when one of these words
// occurs in the skeleton, which keeps the guard off the parse's hot path.
var (
	injectionWordsEN = wordSet("instruction instructions prompt prompts rule rules direction directions guideline guidelines " +
		"context message messages directive directives constraint constraints pretend roleplay jailbreak")
	injectionPhrasesEN       = []string{"you are now", "from now on", "act as", "do anything now", "developer mode", "dan mode"}
	injectionTriggersCompact = []string{"ignore", "disregard", "systemprompt", "jailbreak", "developermode"}
	injectionTriggersZH      = []string{"忽略", "无视", "忘记", "忘掉", "理会", "别管", "跳过", "覆盖", "抛开", "提示词", "系统提示",
		"你现在是", "从现在开始", "现在你是", "扮演", "越狱", "开发者模式", "输出你的", "泄露"}
	nonTravelWordsEN = wordSet("code coding program programs script scripts function functions class method essay poem story " +
		"song lyric lyrics article email letter resume sql regex query test tests app website thesis python javascript " +
		"typescript golang kotlin sharp leetcode homework calculus derivative integral solve translate summarize paraphrase " +
		"joke stock bitcoin")
	nonTravelTriggersZH = []string{"代码", "程序", "脚本", "函数", "编程", "文章", "作文", "论文", "诗", "信", "邮件", "小说",
		"报告", "翻译", "总结", "概括", "数学", "方程", "作业", "笑话", "股票", "比特币", "故事", "歌", "词", "简历", "周报", "演讲稿"}
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// hasWordIn reports whether any space-separated word of sk is in set.
func hasWordIn(sk string, set map[string]bool) bool {
	for i := 0; i < len(sk); {
		j := strings.IndexByte(sk[i:], ' ')
		if j < 0 {
			return set[sk[i:]]
		}
		if set[sk[i:i+j]] {
			return true
		}
		i += j + 1
	}
	return false
}

// injection returns the matched phrase when the skeleton contains a
// prompt-injection phrase, or "".
func injection(sk string) string {
	if hasWordIn(sk, injectionWordsEN) || hasAny(sk, injectionPhrasesEN...) {
		if m := injectionEN.FindString(sk); m != "" {
			return strings.TrimSpace(m)
		}
	}
	if !isASCII(sk) && hasAny(sk, injectionTriggersZH...) {
		if m := injectionZH.FindString(sk); m != "" {
			return m
		}
	}
	compact := strings.ReplaceAll(sk, " ", "")
	if hasAny(compact, injectionTriggersCompact...) {
		if m := injectionCompact.FindString(compact); m != "" {
			return m
		}
	}
	return ""
}

// nonTravel returns what the request asks for when it is plainly not a
// travel request (writing code, an essay, a translation …), or "".
func nonTravel(sk string) string {
	if hasWordIn(sk, nonTravelWordsEN) {
		if m := nonTravelEN.FindString(sk); m != "" {
			return strings.TrimSpace(m)
		}
	}
	if !isASCII(sk) && hasAny(sk, nonTravelTriggersZH...) {
		if m := nonTravelZH.FindString(sk); m != "" {
			return m
		}
	}
	return ""
}
