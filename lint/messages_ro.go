package lint

// Romanian texts of the audit. The terms are those of the web page
// (web/static/assets/i18n/ro.json): crawler/crawlere, grup, regulă,
// directivă, cale, token de produs, harta site-ului, a prelua (fetch),
// parcurgere (crawling), analizor (parser). Fixes use the formal imperative
// ("Eliminați"); letters with a comma below (ș, ț), never a cedilla.
// robots.txt syntax stays in straight double quotes, as the values the code
// quotes.
//
// Where the code passes a bare number (a count, a size), the sentence is
// built so that the number needs no noun, which would need "de" from 20 on
// ("{count} în total", "în octeți: {size}"); numbers with a noun go through
// the unit.* plural forms (one|few|other: "1 regulă", "3 reguli",
// "20 de reguli").
func init() { catalogues["ro"] = romanian }

var romanian = map[string]string{
	// Shared pieces.
	// Completări pentru remedierile generale din lista verificărilor.
	"generic.same":       "calea fără el",
	"generic.token":      "NumeCrawler",
	"generic.suggestion": "numele corect",
	"generic.current":    "tokenul actual",
	"generic.open":       "crawlerul de antrenare",
	"generic.closed":     "celelalte",
	"generic.name":       "numele",
	"more":               " și încă {n}",
	"and":                "{list} și {last}",
	"at-line":            "linia {line}",
	"unit.rule":          "{n} regulă|{n} reguli|{n} de reguli",
	"unit.directive":     "{n} directivă|{n} directive|{n} de directive",
	"unit.named crawler": "{n} crawler specificat|{n} crawlere specificate|{n} de crawlere specificate",
	"severity.error":     "eroare",
	"severity.warning":   "avertisment",
	"severity.info":      "notă",
	"severity.errors":    "{n} eroare|{n} erori|{n} de erori",
	"severity.warnings":  "{n} avertisment|{n} avertismente|{n} de avertismente",
	"severity.infos":     "{n} notă|{n} note|{n} de note",
	"text.fix":           "soluție",
	"text.no-findings":   "nicio constatare",
	"text.whole-file":    "întregul fișier",
	"text.line":          "linia {line}",
	"text.lines":         "liniile {line}–{end}",
	"text.group.error":   "Erori",
	"text.group.warning": "Avertismente",
	"text.group.info":    "Note",
	"text.summary":       "{file}: {counts}",

	// text-before-group
	"text-before-group.summary":        "Explicații sau alt text înainte de prima linie User-agent, care nu sunt scrise ca un comentariu.",
	"text-before-group.fix":            "Începeți fiecare linie de explicații cu \"#\", ca să devină un comentariu.",
	"text-before-group.msg.text":       "Linia {text} nu este o directivă și se află înainte de prima linie User-agent; crawlerele o ignoră, iar Google Search Console o raportează ca eroare de sintaxă.",
	"text-before-group.msg.text-lines": "Liniile {line}–{last} ({count} în total, prima fiind {text}) nu sunt directive și se află înainte de prima linie User-agent; crawlerele le ignoră.",

	// rule-outside-group
	"rule-outside-group.summary": "O linie Allow sau Disallow înainte de orice linie User-agent: nu aparține niciunui grup și toate crawlerele o ignoră (RFC 9309, secțiunea 2.2.2).",
	"rule-outside-group.fix":     "Puneți o linie User-agent (\"User-agent: *\" sau numele crawlerelor) deasupra regulilor.",
	"rule-outside-group.msg":     "Regula \"{rule}\" apare înainte de orice linie User-agent, deci nu aparține niciunui grup și toate crawlerele o ignoră.",

	// empty-disallow
	"empty-disallow.summary":  "\"Disallow:\" fără cale nu se potrivește cu nimic, deci permite totul.",
	"empty-disallow.fix":      "Eliminați linia Disallow goală; dacă grupul trebuie să permită totul, ajunge \"Disallow:\" singur (sau \"Allow: /\").",
	"empty-disallow.msg.only": "\"Disallow:\" fără cale permite totul pentru {agents}; este formula clasică pentru „se poate prelua orice”, deci nu este nicio problemă dacă asta ați vrut.",
	"empty-disallow.fix.only": "",
	"empty-disallow.msg":      "\"Disallow:\" fără cale nu se potrivește cu nimic și aici nu are niciun efect; adesea este o rămășiță dintr-un șablon. Celelalte reguli ale grupului se aplică în continuare.",

	// unknown-directive
	"unknown-directive.summary":        "Un câmp pe care niciun crawler important nu îl înțelege (cu o sugestie „ați vrut să scrieți…” pentru greșelile de scriere) sau o linie care nu este deloc o directivă.",
	"unknown-directive.fix":            "Eliminați linia, transformați-o în comentariu cu \"#\" sau corectați numele câmpului.",
	"unknown-directive.msg":            "{key} nu este un câmp citit de Google, Bing sau Yandex; crawlerele ignoră linia.",
	"unknown-directive.msg.typo":       "{key} nu este un câmp citit de vreun crawler; ați vrut să scrieți {suggestion}? În forma actuală, crawlerele ignoră linia.",
	"unknown-directive.fix.typo":       "Scrieți \"{suggestion}:\".",
	"unknown-directive.msg.minor":      "{key} este o extensie veche pe care Google, Bing și Yandex o ignoră (câteva crawlere mici, precum cel al Seznam, citesc Request-rate).",
	"unknown-directive.fix.minor":      "Eliminați linia, dacă niciun crawler care vă interesează nu o citește.",
	"unknown-directive.msg.url":        "{text} este un simplu URL, nu o directivă; crawlerele ignoră linia.",
	"unknown-directive.fix.url":        "Dacă este o hartă a site-ului, scrieți \"Sitemap: {url}\"; altfel, eliminați linia sau începeți-o cu \"#\".",
	"unknown-directive.msg.junk":       "{text} nu este nici directivă (\"nume: valoare\"), nici comentariu; crawlerele ignoră linia.",
	"unknown-directive.msg.junk-lines": "Liniile {line}–{last} ({count} în total, prima fiind {text}) nu sunt nici directive, nici comentarii; crawlerele le ignoră.",
	"unknown-directive.fix.junk":       "Începeți linia cu \"#\" dacă este o notă sau scrieți-o sub forma \"nume: valoare\".",
	"unknown-directive.fix.junk-lines": "Începeți liniile cu \"#\" dacă sunt note sau scrieți-le sub forma \"nume: valoare\".",

	// typo-accepted
	"typo-accepted.summary": "Un nume de câmp scris greșit sau extins, pe care analizorul Google îl acceptă (\"Useragent\", \"Dissallow\", \"Site-map\", \"Disallowed\"), dar RFC 9309 și alte crawlere s-ar putea să nu-l accepte.",
	"typo-accepted.fix":     "Scrieți numele câmpului ca în RFC 9309: User-agent, Allow, Disallow, Sitemap.",
	"typo-accepted.msg":     "Google citește {key} ca {name}, dar analizoarele conforme cu RFC 9309 și alte crawlere pot ignora linia.",

	// missing-colon
	"missing-colon.summary":     "O directivă fără două puncte (\"Disallow /x\"): Google o acceptă când linia are exact două cuvinte; celelalte crawlere, nu.",
	"missing-colon.fix":         "Puneți două puncte după numele câmpului: \"{key}: {value}\".",
	"missing-colon.msg":         "Linia {text} nu are două puncte; Google o citește ca \"{key}: {value}\", pentru că are exact două cuvinte, dar alte crawlere o ignoră.",
	"missing-colon.msg.ignored": "Linia {text} nu are două puncte și nici exact două cuvinte, deci toate crawlerele o ignoră.",
	"missing-colon.fix.ignored": "Scrieți-o sub forma \"{key}: valoare\", câte o valoare pe linie.",

	// file-too-large
	"file-too-large.summary":           "Fișierul depășește cei 500 KiB pe care îi citesc Google și Yandex; tot ce urmează după limită este ignorat.",
	"file-too-large.fix":               "Păstrați robots.txt sub 500 KiB: combinați regulile asemănătoare cu \"*\" și eliminați regulile pentru căi care nu mai există.",
	"file-too-large.msg":               "Dimensiunea fișierului în octeți: {size}; crawlerele citesc doar primii {limit} (linii întregi), deci liniile {first}–{last} sunt ignorate, iar ele conțin {directives} (dintre care {rules}).",
	"file-too-large.msg.no-directives": "Dimensiunea fișierului în octeți: {size}; crawlerele citesc doar primii {limit}, deci liniile {first}–{last} sunt ignorate (nu conțin directive, așa că nu se pierde nimic).",

	// site-closed
	"site-closed.summary":     "Întregul site este închis pentru un grup (un Disallow care se potrivește cu orice cale și niciun Allow care să redeschidă ceva); se arată crawlerele afectate și cele care au în continuare acces.",
	"site-closed.fix":         "Dacă este o rămășiță de pe un site de test, eliminați \"Disallow: /\"; dacă este intenționat, nu trebuie făcut nimic.",
	"site-closed.msg.star":    "Întregul site este închis pentru toate crawlerele fără un grup propriu (crawlere cunoscute: {count}, de exemplu {examples}).{extra}",
	"site-closed.msg.search":  "Întregul site este închis pentru {agents}: site-ul va dispărea din rezultatele de căutare ale acestora.{extra}",
	"site-closed.msg.named":   "Întregul site este închis pentru {count}: {agents}.{extra}",
	"site-closed.fix.named":   "",
	"site-closed.open-named":  " Lăsați să intre de grupuri proprii: {agents}.",
	"site-closed.ignoring":    " Nu sunt obligați de \"User-agent: *\" și pot parcurge în continuare site-ul: {agents}.",
	"site-closed.followers":   " Astfel, site-ul este închis și pentru {followers}, care urmează acel grup când niciun grup nu le numește.",
	"site-closed.others-open": " Crawlerele fără un grup propriu pot parcurge în continuare site-ul.",
	"site-closed.star-open":   " Crawlerele fără un grup propriu urmează grupul \"*\", care lasă site-ul deschis.",
	"site-closed.no-star":     " Nu există un grup \"*\", deci orice alt crawler poate prelua totul.",

	// blocks-css-js
	"blocks-css-js.summary": "O regulă Disallow care împiedică motoarele de căutare să preia fișiere CSS sau JavaScript; Google, Bing și Yandex randează paginile și au nevoie de ele.",
	"blocks-css-js.fix":     "Permiteți fișierele CSS și JavaScript, de exemplu cu \"Allow: /*.css$\" și \"Allow: /*.js$\" în același grup, sau restrângeți regula.",
	"blocks-css-js.msg":     "\"{rule}\" blochează {path} pentru {agents}: motoarele de căutare randează paginile și, fără CSS și JavaScript, le pot vedea stricate.",

	// pattern-no-slash
	"pattern-no-slash.summary":       "O cale care nu începe nici cu \"/\", nici cu \"*\": căile încep întotdeauna cu \"/\", deci regula nu se poate potrivi niciodată.",
	"pattern-no-slash.fix":           "Începeți calea cu \"/\": \"{kind}: {fixed}\".",
	"pattern-no-slash.msg.invisible": "Calea {pattern} începe cu un caracter invizibil ({char}) pe care analizoarele nu îl elimină, deci nu începe cu \"/\", iar regula nu se potrivește niciodată cu nimic.",
	"pattern-no-slash.fix.invisible": "Ștergeți caracterul dinaintea căii: \"{kind}: {fixed}\".",
	"pattern-no-slash.msg":           "Calea {pattern} nu începe cu \"/\" sau \"*\", iar calea oricărui URL începe cu \"/\", deci această regulă nu se potrivește niciodată cu nimic.",

	// full-url-pattern
	"full-url-pattern.summary": "O regulă a cărei cale este un URL complet (\"Disallow: https://example.com/x\"): nu se potrivește niciodată, iar un robots.txt se aplică doar gazdei care îl servește.",
	"full-url-pattern.fix":     "Scrieți doar calea, în robots.txt al gazdei numite de URL: \"{kind}: {path}\".",
	"full-url-pattern.msg":     "Calea regulii, {pattern}, este un URL complet; regulile se compară doar cu calea unui URL, deci aceasta nu se potrivește niciodată cu nimic.",

	// dollar-inside
	"dollar-inside.summary": "Un \"$\" care nu este ultimul caracter al căii: Google și analizoarele RFC 9309 îl citesc ca simbol dolar obișnuit (căile CMS precum /$FILE/ asta înseamnă); doar un \"$\" final marchează sfârșitul.",
	"dollar-inside.fix":     "Nimic de schimbat dacă URL-urile conțin simbolul dolar; dacă \"$\" trebuie să încheie calea, tăiați regula acolo.",
	"dollar-inside.msg":     "În {pattern}, \"$\" nu este ultimul caracter: Google și analizoarele RFC 9309 îl compară cu un \"$\" din URL, ceea ce e corect pentru căile care îl conțin; un analizor care ia orice \"$\" drept sfârșitul URL-ului s-ar potrivi cu mai puțin. Nu scrieți %24 în loc: Google nu îl decodează, deci regula nu s-ar mai potrivi pentru Googlebot.",

	// redundant-wildcard
	"redundant-wildcard.summary": "Un \"*\" la final: regulile se potrivesc oricum cu toate căile care încep cu ele.",
	"redundant-wildcard.fix":     "Eliminați \"*\" de la final: scrieți {same}.",
	"redundant-wildcard.msg":     "Caracterul \"*\" de la finalul lui {pattern} nu schimbă nimic: regula se potrivește exact cu aceleași căi ca {same}.",

	// duplicate-rule
	"duplicate-rule.summary":    "Aceeași regulă de două ori printre regulile care se aplică unui crawler.",
	"duplicate-rule.fix":        "Eliminați linia repetată.",
	"duplicate-rule.msg":        "Regula \"{rule}\" repetă linia {first}.",
	"duplicate-rule.msg.merged": "Regula \"{rule}\" repetă linia {first}; cele două grupuri se aplică împreună pentru {agents}, deoarece grupurile care numesc același crawler se combină.",

	// conflicting-rules
	"conflicting-rules.summary": "Aceeași cale este și permisă, și interzisă pentru un crawler: la egalitate câștigă Allow, deci Disallow nu se aplică niciodată.",
	"conflicting-rules.fix":     "Păstrați linia pe care o doriți și eliminați-o pe cealaltă.",
	"conflicting-rules.msg":     "Calea {pattern} este și permisă (linia {allow}), și interzisă (linia {disallow}); la egalitate câștigă Allow, deci linia Disallow nu se aplică niciodată.",

	// shadowed-rule
	"shadowed-rule.summary":         "O regulă care nu poate decide niciodată pentru nicio cale: altă regulă se potrivește cu toate căile cu care se potrivește ea și câștigă întotdeauna (este mai lungă sau, la egalitate, este un Allow), ori un Allow cu cale goală.",
	"shadowed-rule.fix":             "Eliminați regula sau faceți-o mai lungă (mai specifică) decât cea care o anulează.",
	"shadowed-rule.msg":             "Regula \"{rule}\" nu decide niciodată: \"{by}\" (linia {line}) se potrivește cu toate căile cu care se potrivește ea și câștigă întotdeauna (câștigă potrivirea cea mai lungă; la egalitate, Allow).",
	"shadowed-rule.msg.empty-allow": "\"Allow:\" fără cale nu se potrivește cu nimic, deci nu decide niciodată nimic.",
	"shadowed-rule.fix.empty-allow": "Eliminați linia; pentru a permite totul, ajunge \"Allow: /\" sau un grup fără reguli.",

	// case-mismatch-hint
	"case-mismatch-hint.summary":   "Căi care diferă doar prin majuscule sau litere mari într-un fișier ale cărui celelalte căi sunt scrise cu litere mici: căile țin cont de majuscule.",
	"case-mismatch-hint.fix":       "Verificați cum se scriu de fapt URL-urile dumneavoastră; scrieți câte o regulă pentru fiecare variantă care există.",
	"case-mismatch-hint.msg.pair":  "Calea {pattern} diferă de {other} (linia {first}) doar prin majuscule; căile țin cont de majuscule, deci acestea sunt două căi diferite. Este corect dacă există ambele variante.",
	"case-mismatch-hint.msg.upper": "Calea {pattern} conține litere mari, în timp ce celelalte căi din fișier ({others}) sunt scrise cu litere mici; căile țin cont de majuscule, deci regula nu se potrivește cu {lower}.",

	// non-ascii-pattern
	"non-ascii-pattern.summary": "O cale cu caractere din afara ASCII: crawlerele o compară codată procentual în UTF-8.",
	"non-ascii-pattern.fix":     "Nu este nicio problemă dacă fișierul este în UTF-8; scrisă în forma codată, regula se citește la fel în orice analizor.",
	"non-ascii-pattern.msg":     "Calea {pattern} conține caractere din afara ASCII; este comparată ca {encoded}.",

	// agent-with-version
	"agent-with-version.summary": "O valoare user-agent cu versiune (\"Googlebot/2.1\", \"iaskspider/2.0\"): contează doar tokenul de produs de la început.",
	"agent-with-version.fix":     "Scrieți doar tokenul de produs: \"User-agent: {token}\".",
	"agent-with-version.msg":     "Din valoarea {value} contează doar tokenul de produs, deci grupul se aplică oricărei versiuni de {token}; analizoarele care compară întreaga valoare s-ar putea să nu o potrivească niciodată.",

	// agent-wildcard
	"agent-wildcard.summary":    "\"*\" în interiorul unei valori user-agent (\"Googlebot*\", \"*bot\"): acolo nu este metacaracter; doar \"*\" singur înseamnă orice crawler.",
	"agent-wildcard.fix":        "Numiți fiecare crawler pe o linie User-agent separată sau folosiți \"User-agent: *\".",
	"agent-wildcard.msg":        "În valoarea {value}, \"*\" nu este metacaracter: grupul se aplică doar pentru {token}.",
	"agent-wildcard.msg.family": "În valoarea {value}, \"*\" nu este metacaracter: grupul se aplică doar pentru {token}, nu și pentru {others}.",
	"agent-wildcard.msg.none":   "{value} nu începe cu numele unui crawler (o valoare user-agent trebuie să înceapă cu litere, cifre, \"-\", \"_\" sau \".\"), deci această linie nu numește niciun crawler.",

	// invalid-product-token
	"invalid-product-token.summary":       "O valoare user-agent care nu este doar numele unui crawler (\"Brightbot 1.0\", \"Yahoo! Slurp\"): analizoarele o citesc până la primul caracter care nu poate face parte dintr-un nume.",
	"invalid-product-token.fix":           "Scrieți doar tokenul de produs al crawlerului (litere, cifre, \"-\", \"_\" și \".\"): \"User-agent: {name}\".",
	"invalid-product-token.msg":           "{value} nu este doar numele unui crawler; analizoarele îl citesc ca {token}, iar grupul se aplică lui {token}.",
	"invalid-product-token.msg.family":    "{value} nu este doar numele unui crawler; analizoarele îl citesc ca {token}, deci grupul se aplică lui {token} și tuturor crawlerilor care urmează grupul {token}.",
	"invalid-product-token.msg.none":      "{value} nu începe cu numele unui crawler (litere, cifre, \"-\", \"_\" sau \".\"), deci această linie nu numește niciun crawler.",
	"invalid-product-token.fix.none":      "Scrieți tokenul de produs al crawlerului, așa cum îl documentează operatorul său.",
	"invalid-product-token.msg.star":      "{value} este citit ca \"*\" (orice crawler): restul liniei, {rest}, este ignorat.",
	"invalid-product-token.fix.star":      "Puneți fiecare directivă pe o linie separată: \"User-agent: *\", apoi regulile.",
	"invalid-product-token.msg.invisible": "Valoarea user-agent {value} începe cu un caracter invizibil ({char}) pe care analizoarele nu îl elimină, deci această linie nu numește niciun crawler.",
	"invalid-product-token.fix.invisible": "Ștergeți caracterul dinaintea numelui (rescrieți spațiul de după \"User-agent:\").",
	"invalid-product-token.msg.empty":     "Linia User-agent nu are valoare, deci nu numește niciun crawler.",
	"invalid-product-token.fix.empty":     "Scrieți un token de produs sau \"*\" pentru orice crawler.",

	// empty-group
	"empty-group.summary":         "Linii User-agent fără reguli după ele sau despărțite printr-o linie goală de liniile cu care au reguli comune.",
	"empty-group.fix":             "Adăugați regulile destinate acestor crawlere; pentru a le permite totul, scrieți \"Disallow:\" sub ele.",
	"empty-group.msg":             "Nicio regulă nu urmează după liniile User-agent pentru {agents}: aceste crawlere pot prelua totul și nu trec la grupul \"*\".",
	"empty-group.msg.star":        "Nicio regulă nu urmează după \"User-agent: *\": orice crawler fără un grup propriu poate prelua totul.",
	"empty-group.msg.shares":      "Liniile User-agent pentru {agents} sunt despărțite de următoarele prin linii goale sau alte înregistrări, dar între ele nu există nicio regulă: conform RFC 9309 și pentru Google formează toate un singur grup cu linia {next} și au regulile acestuia (de la linia {rules}).{yandex}",
	"empty-group.msg.shares-star": "Liniile User-agent pentru {agents} sunt despărțite de următoarele prin linii goale sau alte înregistrări, dar între ele nu există nicio regulă: conform RFC 9309 și pentru Google formează un singur grup, din care face parte și \"*\", și au regulile acestuia (de la linia {rules}).{yandex}",
	"empty-group.fix.shares-star": "Dați reguli proprii fiecărui crawler care are nevoie de reguli diferite; eliminați liniile goale dacă regulile trebuie să fie comune.",
	"empty-group.fix.shares":      "Eliminați linia goală dacă acele reguli trebuie să fie comune; adăugați \"Disallow:\" sub ele dacă aceste crawlere trebuie să poată prelua totul.",

	// crawl-delay
	"crawl-delay.summary":     "Crawl-delay nu face parte din RFC 9309: Google o ignoră, Yandex o ignoră din 2018, iar Bing și unele crawlere AI (ClaudeBot) o citesc.",
	"crawl-delay.fix":         "Setați ritmul de parcurgere în instrumentele pentru webmasteri ale motoarelor de căutare sau răspundeți cu 429/503 când serverul este supraîncărcat.",
	"crawl-delay.msg":         "Crawl-delay: {value} nu face parte din RFC 9309; Google o ignoră, Yandex o ignoră din 2018, în timp ce Bing și alte câteva crawlere așteaptă {value} s între cereri.",
	"crawl-delay.msg.invalid": "Crawl-delay {value} nu este un număr de secunde; crawlerele care citesc Crawl-delay ignoră linia.",
	"crawl-delay.fix.invalid": "Scrieți un număr de secunde, de exemplu \"Crawl-delay: 5\", sau eliminați linia.",
	"crawl-delay.msg.huge":    "Crawl-delay: {value} înseamnă peste 300 de secunde; unele crawlere (Apache Nutch și altele bazate pe crawler-commons) tratează atunci întregul site ca închis.",
	"crawl-delay.fix.huge":    "Folosiți o întârziere de câteva secunde sau închideți direct site-ul pentru acel crawler.",

	// host-directive
	"host-directive.summary": "Directiva Host a Yandex: Yandex a încetat să o citească în martie 2018, iar alte crawlere nu au citit-o niciodată.",
	"host-directive.fix":     "Eliminați linia Host; pentru a alege oglinda principală, redirecționați celelalte gazde către ea cu HTTP 301.",
	"host-directive.msg":     "Host: {value} este vechea directivă Yandex pentru oglinda principală, pe care Yandex a încetat să o citească în martie 2018; niciun crawler nu o mai folosește.",

	// clean-param-syntax
	"clean-param-syntax.summary":           "O linie Clean-param pe care Yandex ar respinge-o (\"Clean-param: p0[&p1&...] [path]\").",
	"clean-param-syntax.fix":               "Scrieți \"Clean-param: name1&name2 /path/prefix\": numele parametrilor unite prin \"&\", apoi, opțional, o cale formată din A-Z a-z 0-9 . - / * _.",
	"clean-param-syntax.msg.empty":         "Clean-param nu are valoare; Yandex o raportează ca eroare.",
	"clean-param-syntax.msg.too-long":      "Clean-param {value} depășește 500 de caractere ({length}); Yandex acceptă cel mult 500.",
	"clean-param-syntax.fix.too-long":      "Împărțiți-o în mai multe linii Clean-param.",
	"clean-param-syntax.msg.fields":        "Clean-param {value} are prea multe părți separate prin spații ({count}); Yandex așteaptă numele parametrilor unite prin \"&\", apoi cel mult o cale.",
	"clean-param-syntax.msg.empty-name":    "Clean-param {value} are un nume de parametru gol (un \"&\" la început, la final sau dublat).",
	"clean-param-syntax.msg.value-given":   "Clean-param {value}: {param} conține o valoare, dar directiva primește doar nume de parametri.",
	"clean-param-syntax.fix.value-given":   "Scrieți doar numele: {name}.",
	"clean-param-syntax.msg.path-as-param": "Clean-param {value}: {param} arată ca o cale, dar prima parte trebuie să conțină nume de parametri; calea vine a doua, după un spațiu.",
	"clean-param-syntax.msg.param-chars":   "Clean-param {value}: numele de parametru {param} conține caractere pe care un nume de parametru de interogare nu le poate avea.",
	"clean-param-syntax.msg.path-chars":    "Clean-param {value}: calea {path} conține caracterul {char}; Yandex permite acolo doar A-Z a-z 0-9 . - / * _.",
	"clean-param-syntax.msg.path-slash":    "Clean-param {value}: calea {path} ar trebui să înceapă cu \"/\".",

	// noindex-directive
	"noindex-directive.summary": "Noindex sau Nofollow în robots.txt: Google a încetat să le citească la 1 septembrie 2019 și niciun crawler important nu le citește.",
	"noindex-directive.fix":     "Folosiți o etichetă meta robots (<meta name=\"robots\" content=\"noindex\">) sau un antet X-Robots-Tag și lăsați crawlerele să preia pagina, ca să le poată vedea.",
	"noindex-directive.msg":     "Directiva {key} nu este acceptată în robots.txt: Google a încetat să o citească la 1 septembrie 2019, iar niciun alt crawler important nu o citește, deci paginile pot fi indexate în continuare.",

	// sitemap-not-absolute
	"sitemap-not-absolute.summary":       "O valoare Sitemap care nu este un URL absolut http sau https.",
	"sitemap-not-absolute.fix":           "Dați URL-ul complet al hărții site-ului, de exemplu \"Sitemap: https://example.com/sitemap.xml\".",
	"sitemap-not-absolute.msg.invisible": "Adresa hărții site-ului {value} începe cu un caracter invizibil ({char}) pe care analizoarele nu îl elimină, deci valoarea nu este un URL.",
	"sitemap-not-absolute.fix.invisible": "Ștergeți caracterul dinaintea URL-ului (rescrieți spațiul de după \"Sitemap:\").",
	"sitemap-not-absolute.msg.empty":     "Linia Sitemap nu are URL.",
	"sitemap-not-absolute.msg.relative":  "Adresa hărții site-ului {value} este o cale relativă; crawlerele au nevoie de URL-ul complet, cu https:// și gazda.",
	"sitemap-not-absolute.msg.no-scheme": "Adresa hărții site-ului {value} nu are schemă; crawlerele au nevoie de un URL complet, de exemplu {url}.",
	"sitemap-not-absolute.fix.no-scheme": "Scrieți \"Sitemap: {url}\".",
	"sitemap-not-absolute.msg.scheme":    "Adresa hărții site-ului {value} folosește {scheme}; crawlerele preiau hărțile site-ului doar prin http sau https.",
	"sitemap-not-absolute.msg.invalid":   "Adresa hărții site-ului {value} nu este un URL valid.",

	// multiple-star-groups
	"multiple-star-groups.summary":  "Mai multe grupuri \"User-agent: *\": RFC 9309 și Google le combină, Yandex raportează o eroare.",
	"multiple-star-groups.fix":      "Mutați aceste reguli în primul grup \"User-agent: *\".",
	"multiple-star-groups.msg":      "Un al doilea grup \"User-agent: *\" (primul este la linia {first}): RFC 9309 și Google le combină, dar Yandex raportează mai multe grupuri \"*\" ca eroare.",
	"multiple-star-groups.msg.many": "Fișierul are mai multe grupuri \"User-agent: *\" — {count} în total (primul la linia {first}, celelalte la liniile {lines}): RFC 9309 și Google le combină, dar Yandex raportează mai multe grupuri \"*\" ca eroare.",

	// blank-line-in-group
	"blank-line-in-group.summary": "O linie goală între liniile User-agent ale unui grup și regulile lui: acceptabil pentru RFC 9309 și Google, o eroare pentru Yandex, care încheie grupul acolo.",
	"blank-line-in-group.fix":     "Eliminați linia goală, astfel încât regulile să urmeze direct după liniile User-agent.",
	"blank-line-in-group.msg":     "O linie goală desparte liniile User-agent pentru {agents} de regulile lor (linia {rule}); RFC 9309 și Google trec peste ea, dar Yandex încheie grupul la linia goală, iar acele crawlere rămân fără reguli.",

	// named-group-replaces-star
	"named-group-replaces-star.summary": "Un crawler cu un grup propriu nu citește grupul \"*\", deci poate prelua ce interzice \"*\", dacă grupul lui nu repetă regula.",
	"named-group-replaces-star.fix":     "Repetați în grup regulile \"*\" pe care crawlerul trebuie să le respecte și el.",
	"named-group-replaces-star.msg":     "{agents} are un grup propriu, deci grupul \"*\" (linia {star}) nu i se aplică și poate prelua căi pe care acel grup le interzice ({count}): {rules}.",

	// ai-token-confusion
	"ai-token-confusion.summary":         "Tokenuri AI încurcate: o căutare AI sau un preluator pentru utilizatori este blocat, în timp ce crawlerul de antrenare al aceluiași operator rămâne deschis; un motor de căutare este blocat împreună cu crawlerele AI; sau este numit un token vechi.",
	"ai-token-confusion.fix":             "Numiți fiecare token al operatorului după ce doriți: antrenare (GPTBot, ClaudeBot, Google-Extended, Applebot-Extended), căutare (OAI-SearchBot, Claude-SearchBot, PerplexityBot) și preluări pentru utilizatori (ChatGPT-User, Claude-User).",
	"ai-token-confusion.msg.reverse":     "Site-ul este închis pentru {closed} (căutarea {operator} sau preluările sale pentru utilizatori), dar {open}, crawlerul de antrenare al {operator}, are în continuare acces: site-ul rămâne în afara răspunsurilor {operator}, dar deschis pentru antrenare — invers față de intenția obișnuită.",
	"ai-token-confusion.fix.reverse":     "Pentru a renunța doar la antrenare, închideți {open} și lăsați {closed} deschis; pentru a renunța la tot, închideți-le pe toate.",
	"ai-token-confusion.msg.google":      "Acest grup închide Googlebot împreună cu crawlerele AI, ceea ce scoate site-ul și din Căutarea Google. Pentru ca Google să nu antreneze Gemini pe conținutul site-ului, numiți în schimb Google-Extended.",
	"ai-token-confusion.fix.google":      "Înlocuiți \"User-agent: Googlebot\" cu \"User-agent: Google-Extended\" în acest grup.",
	"ai-token-confusion.msg.apple":       "Acest grup închide Applebot împreună cu crawlerele AI, ceea ce scoate site-ul și din Siri și Spotlight. Pentru ca Apple să nu-și antreneze modelele pe conținutul site-ului, numiți în schimb Applebot-Extended.",
	"ai-token-confusion.fix.apple":       "Înlocuiți \"User-agent: Applebot\" cu \"User-agent: Applebot-Extended\" în acest grup.",
	"ai-token-confusion.msg.search":      "Acest grup închide {token}, un motor de căutare, împreună cu crawlerele AI, ceea ce scoate site-ul și din rezultatele lui de căutare.",
	"ai-token-confusion.fix.search":      "Mutați {token} într-un grup propriu dacă trebuie să parcurgă în continuare site-ul.",
	"ai-token-confusion.msg.legacy":      "{token} este un token vechi al {operator}, pe care crawlerele sale nu îl mai folosesc: tokenul actual, {current}, nu este numit, deci urmează grupul \"{group}\", nu pe acesta.",
	"ai-token-confusion.msg.legacy-none": "{token} este un token vechi al {operator}, pe care crawlerele sale nu îl mai folosesc: tokenul actual, {current}, nu este numit și niciun grup nu i se aplică, deci poate prelua totul.",
	"ai-token-confusion.fix.legacy":      "Adăugați \"User-agent: {current}\" în grupul care numește {token}.",
	"ai-token-confusion.fix.legacy-none": "Adăugați \"User-agent: {current}\" în grupul care numește {token}.",
	"ai-token-confusion.msg.user-fetch":  "{token} preia pagini în numele utilizatorilor {operator}, iar {operator} spune că robots.txt s-ar putea să nu se aplice acestor preluări: acest grup s-ar putea să nu-l oprească.",
	"ai-token-confusion.fix.user-fetch":  "",

	// content-signal
	"content-signal.summary":        "O linie Content-Signal (search, ai-input, ai-train = yes sau no): este recunoscută și i se verifică sintaxa.",
	"content-signal.fix":            "Scrieți-o sub forma \"Content-Signal: search=yes, ai-input=yes, ai-train=no\": semnalele search, ai-input și ai-train, fiecare cu yes sau no, separate prin virgule.",
	"content-signal.msg.empty":      "Content-Signal nu are valoare.",
	"content-signal.msg.empty-item": "Content-Signal {value} are un element gol (o virgulă la început, la final sau dublată).",
	"content-signal.msg.no-value":   "Elementul Content-Signal {item} nu are \"=yes\" sau \"=no\".",
	"content-signal.msg.typo":       "Content-Signal nu are semnalul {name}; ați vrut să scrieți {suggestion}?",
	"content-signal.fix.typo":       "Scrieți {suggestion}.",
	"content-signal.msg.unknown":    "Content-Signal nu are semnalul {name}; semnalele sunt search, ai-input și ai-train.",
	"content-signal.msg.bad-value":  "Content-Signal {name}={value}: valoarea trebuie să fie yes sau no.",
	"content-signal.msg.twice":      "Content-Signal specifică {name} de două ori.",

	// html-body
	"html-body.summary":  "Fișierul este o pagină HTML (sau alt document), nu robots.txt: de obicei o pagină de eroare sau pagina principală a site-ului, servită la /robots.txt.",
	"html-body.fix":      "Serviți la /robots.txt un robots.txt în text simplu sau răspundeți cu 404 dacă nu există.",
	"html-body.msg.html": "Fișierul este o pagină HTML, nu robots.txt; crawlerele nu găsesc reguli în el, deci pot prelua totul.",
	"html-body.msg.xml":  "Fișierul este un document XML (poate harta site-ului), nu robots.txt; crawlerele nu găsesc reguli în el.",

	// bom
	"bom.summary":     "Fișierul începe cu un marcaj de ordine a octeților (BOM): Google și analizoarele conforme cu RFC 9309 îl ignoră, unele analizoare mai vechi îl citesc ca parte a primei linii.",
	"bom.fix":         "Salvați fișierul în UTF-8 fără BOM.",
	"bom.msg":         "Fișierul începe cu un marcaj de ordine a octeților UTF-8 (BOM); Google și analizoarele conforme cu RFC 9309 îl ignoră, dar unele analizoare mai vechi îl iau drept parte a primei linii și ratează directiva de pe acea linie.",
	"bom.msg.partial": "Fișierul începe cu un marcaj de ordine a octeților (BOM) incomplet: {bytes} din cei 3 octeți ai săi; Google îi ignoră, alte analizoare s-ar putea să nu o facă.",

	// mixed-line-endings
	"mixed-line-endings.summary": "Fișierul amestecă tipuri de sfârșit de linie (LF, CRLF, CR): crawlerele îl acceptă, dar instrumentele și editoarele s-ar putea să nu.",
	"mixed-line-endings.fix":     "Salvați fișierul cu un singur tip de sfârșit de linie ({major}).",
	"mixed-line-endings.msg":     "Fișierul amestecă tipuri de sfârșit de linie ({counts}); aceasta este prima linie care diferă de restul. Analizoarele conforme cu RFC 9309 acceptă asta, dar unele instrumente și editoare nu.",

	// invalid-utf8
	"invalid-utf8.summary":    "Text care nu este UTF-8 valid (RFC 9309 cere UTF-8), inclusiv fișiere în UTF-16.",
	"invalid-utf8.fix":        "Salvați fișierul în UTF-8.",
	"invalid-utf8.msg":        "Această linie nu este UTF-8 valid (fișierul poate fi într-o codificare veche, precum Windows-1250 sau Latin-1); căile cu acești octeți se potrivesc doar cu URL-uri care conțin exact aceiași octeți.",
	"invalid-utf8.msg.many":   "Liniile de la aceasta până la linia {last} ({count} în total) nu sunt UTF-8 valid (fișierul poate fi într-o codificare veche, precum Windows-1250 sau Latin-1); căile cu acești octeți se potrivesc doar cu URL-uri care conțin exact aceiași octeți.",
	"invalid-utf8.msg.utf16":  "Fișierul este în UTF-16, nu în UTF-8; crawlerele nu îi pot citi regulile.",
	"invalid-utf8.msg.binary": "Acesta nu este un fișier text (conține octeți NUL sau de control: un program, o imagine sau date comprimate?); crawlerele nu găsesc reguli în el.",
	"invalid-utf8.fix.binary": "Serviți la /robots.txt chiar fișierul robots.txt: text simplu UTF-8, nu un program, o imagine sau date comprimate fără antetul Content-Encoding.",

	// line-too-long
	"line-too-long.summary": "O linie mai lungă decât citește analizorul Google (16.663 de octeți): restul liniei este tăiat.",
	"line-too-long.fix":     "Împărțiți regula în mai multe reguli mai scurte.",
	"line-too-long.msg":     "Lungimea acestei linii în octeți: {length}; analizorul Google păstrează doar primii {max}, deci ce citește se termină cu {end}.",

	// empty-file
	"empty-file.summary":                     "Fișierul nu are directive: orice crawler poate prelua totul.",
	"empty-file.fix":                         "Nu trebuie făcut nimic dacă asta doriți; altfel, adăugați un grup, de exemplu \"User-agent: *\", cu regulile lui.",
	"empty-file.msg.empty":                   "Fișierul este gol: orice crawler poate prelua totul.",
	"empty-file.msg.comments":                "Fișierul conține doar comentarii: orice crawler poate prelua totul.",
	"empty-file.msg.no-directives":           "Fișierul nu are nicio directivă (nicio linie User-agent, Allow, Disallow sau Sitemap): orice crawler poate prelua totul.",
	"clean-param.msg":                        "Yandex elimină parametrii {params} din URL-urile {where} înainte de a le parcurge; celelalte crawlere ignoră Clean-param.",
	"clean-param.site":                       "de pe întregul site",
	"clean-param.under":                      "care se potrivesc cu {path}",
	"redundant-rule.msg":                     "Regula \"{rule}\" nu decide niciodată: \"{by}\" (linia {line}) se potrivește cu toate căile cu care se potrivește ea și este mai lungă; rezultatul este același, deci regula este redundantă.",
	"redundant-rule.fix":                     "Eliminați regula redundantă.",
	"agent-with-version.fix.browser":         "Scrieți doar tokenul crawlerului: \"User-agent: {name}\".",
	"agent-with-version.fix.browser-unknown": "Scrieți singur pe linie tokenul de produs documentat de operatorul crawlerului.",
	"agent-with-version.msg.browser":         "{value} este întregul șir user-agent al unui browser: analizoarele citesc doar primul nume, {token}, deci crawlerul pentru care a fost scris grupul nu îl găsește; tokenul propriu al acelui crawler din șir este {name}.",
	"agent-with-version.msg.browser-unknown": "{value} este întregul șir user-agent al unui browser: analizoarele citesc doar primul nume, {token}, deci crawlerul pentru care a fost scris grupul nu îl găsește.",
	"broad-prefix.fix":                       "Încheiați calea cu \"/\" dacă este vorba doar de folder: \"{fixed}\".",
	"broad-prefix.msg":                       "{pattern} nu se termină cu \"/\", deci se potrivește și cu nume mai lungi, precum {examples}, numite în acest fișier.",
	"broad-prefix.summary":                   "O regulă fără \"/\" la final se potrivește și cu orice nume mai lung (\"Disallow: /test\" blochează \"/testimonial\").",
	"clean-param.fix":                        "Nimic de corectat; păstrați linia dacă Yandex trebuie să elimine acești parametri.",
	"clean-param.summary":                    "O linie Clean-param validă (Yandex): ce elimină Yandex din URL-uri; ceilalți crawleri o ignoră.",
	"full-url-pattern.fix.everything":        "Ștergeți linia; scrieți \"{kind}: {path}\" doar dacă întregul site chiar trebuie închis.",
	"full-url-pattern.fix.other-host":        "Ștergeți linia de aici; regula își are locul în robots.txt al gazdei {host}, dacă acea gazdă are nevoie de ea.",
	"full-url-pattern.fix.unknown-host":      "Dacă acest fișier este servit de {host}, păstrați în regulă doar calea din URL; altfel ștergeți linia și mutați regula în robots.txt al gazdei {host} (rulați verificarea cu --host ca să poată deosebi).",
	"full-url-pattern.msg.everything":        "Calea regulii, {pattern}, este un URL complet, deci nu se potrivește cu nimic; scrisă ca o cale, {path}, ar închide întregul site, mai mult decât a făcut vreodată.",
	"full-url-pattern.msg.other-host":        "Calea regulii, {pattern}, este un URL complet pe {host}, deci nu se potrivește cu nimic; un robots.txt se aplică doar gazdei care îl servește ({own}), deci nicio linie de aici nu poate controla {host}.",
	"full-url-pattern.msg.unknown-host":      "Calea regulii, {pattern}, este un URL complet pe {host}, deci nu se potrivește cu nimic; un robots.txt se aplică doar gazdei care îl servește, deci regula își are locul în robots.txt al gazdei {host}.",
	"generic.host":                           "cealaltă gazdă",
	"generic.lines":                          "câte o linie pentru fiecare cale",
	"generic.own":                            "această gazdă",
	"glued-directives.fix":                   "Puneți fiecare directivă pe o linie separată.",
	"glued-directives.msg":                   "{value} conține încă o directivă, {rest}: directivele s-au lipit pe o singură linie, deci crawlerii citesc totul ca o singură cale {kind}, iar a doua directivă se pierde.",
	"glued-directives.summary":               "Directive lipite pe o singură linie (\"Disallow: /a Disallow: /b\", \"Disallow: /x/User-agent: *\"): restul liniei devine parte a căii.",
	"hash-in-path.fix":                       "Ștergeți \"#\" și ce urmează; fragmentul #... oricum nu ajunge la server.",
	"hash-in-path.msg":                       "În {value}, \"#\" începe un comentariu, deci crawlerii citesc regula ca {read}, care se potrivește cu orice cale ce începe așa; un fragment #... nu ajunge niciodată la server.",
	"hash-in-path.msg.everything":            "În {value}, \"#\" începe un comentariu, deci crawlerii citesc regula ca {read}, care se potrivește cu orice cale: închide întregul site.",
	"hash-in-path.summary":                   "Un \"#\" în interiorul unei căi (\"Disallow: /page#section\"): \"#\" începe un comentariu, deci regula devine pe tăcute calea mai scurtă dinaintea lui.",
	"home-page-only.fix":                     "Dacă a rămas de la un site de test, ștergeți \"Disallow: /\"; dacă este intenționat, nu e nimic de făcut.",
	"home-page-only.msg":                     "Doar pagina principală este deschisă pentru {agents}: \"Disallow: /\" închide toate celelalte pagini, iar motoarele de căutare vor indexa doar pagina principală.",
	"home-page-only.summary":                 "Doar pagina principală este deschisă (\"Disallow: /\" cu \"Allow: /$\"): toate celelalte pagini sunt închise.",
	"host-as-path.fix":                       "Ca să țineți crawlerii departe de {host}, puneți regulile în robots.txt servit de {host}; ștergeți această linie.",
	"host-as-path.msg":                       "{value} pare numele de gazdă {host} scris ca o cale: se potrivește doar cu căile de pe această gazdă care încep așa, iar un robots.txt se aplică doar gazdei care îl servește.",
	"host-as-path.summary":                   "Un nume de gazdă scris ca o cale (\"Disallow: /beta.example.gov\"): se potrivește doar cu o cale cu acest nume pe această gazdă, iar un robots.txt nu poate vorbi pentru altă gazdă.",
	"html-in-line.fix":                       "Ștergeți etichetele HTML; scrieți fiecare directivă pe o linie separată, ca text simplu.",
	"html-in-line.msg":                       "Linia conține eticheta HTML {tag}; crawlerii o citesc ca parte a liniei, deci valoarea nu este ce pare.",
	"html-in-line.summary":                   "Etichete HTML într-o linie (\"<br/>\"), lăsate de editorul unui CMS sau de o copiere dintr-o pagină web: devin parte a valorii.",
	"invalid-product-token.fix.unsure":       "Dacă operatorul crawlerului documentează un token de produs, scrieți-l singur pe linie.",
	"invalid-product-token.msg.other-word":   "{value} nu este doar numele unui crawler; analizoarele îl citesc ca {token}, dar tokenul propriu al crawlerului este {name}, deci grupul nu i se aplică.",
	"invalid-product-token.msg.unsure":       "{value} nu este doar numele unui crawler; analizoarele îl citesc ca {token}, deci grupul se aplică crawlerilor numiți {token} și celor al căror șir user-agent îl conține.",
	"lookalike-field.fix":                    "Rescrieți numele câmpului cu caractere ASCII obișnuite: \"{name}:\".",
	"lookalike-field.msg":                    "Numele câmpului {key} conține {char}, care arată ca un caracter ASCII, dar nu este; crawlerii nu recunosc în el {name} și sar peste linie.",
	"lookalike-field.summary":                "Un nume de câmp scris cu un caracter asemănător (\"User‑agent\" cu o cratimă neîntreruptibilă, o literă chirilică): crawlerii nu îl recunosc și sar peste linie.",
	"no-sitemap.fix":                         "Adăugați \"Sitemap: https://example.com/sitemap.xml\" cu URL-ul complet al fiecărui sitemap.",
	"no-sitemap.msg":                         "Fișierul nu numește niciun sitemap; o linie Sitemap îi permite oricărui crawler să găsească paginile site-ului fără un cont de webmaster.",
	"no-sitemap.summary":                     "Nicio linie Sitemap: crawlerii găsesc sitemap-urile site-ului doar dacă au fost trimise pe altă cale.",
	"pattern-no-slash.fix.anywhere":          "Ca să se potrivească oriunde în cale, scrieți \"{kind}: {fixed}\".",
	"pattern-no-slash.fix.doubled-key":       "Scrieți numele câmpului o singură dată: \"{kind}: {fixed}\".",
	"pattern-no-slash.msg.anywhere":          "Calea {pattern} nu începe cu \"/\" sau \"*\", iar calea oricărui URL începe cu \"/\", deci regula nu se potrivește cu nimic; pare gândită pentru orice cale care conține acest text.",
	"pattern-no-slash.msg.doubled-key":       "Valoarea {pattern} repetă numele câmpului {key}, deci calea nu începe cu \"/\" sau \"*\" și regula nu se potrivește cu nimic.",
	"redundant-rule.msg.longer":              "\"{rule}\" face redundante {count} ({lines}): este mai scurtă, se potrivește cu toate căile cu care se potrivesc ele și le decide la fel.",
	"redundant-rule.summary":                 "O regulă făcută redundantă de altă regulă de același fel: una mai scurtă care se potrivește cu toate aceleași căi (\"Disallow: /ref/\", apoi \"Disallow: /ref/x\"), sau una mai lungă care câștigă mereu.",
	"repeated-directive.fix":                 "Păstrați o singură linie și ștergeți-le pe celelalte.",
	"repeated-directive.msg":                 "{key} apare din nou în același grup (prima dată la linia {first}); crawlerii care o citesc folosesc doar una dintre valori.",
	"repeated-directive.msg.host":            "{key} apare din nou (prima dată la linia {first}); Yandex citea doar prima linie Host.",
	"repeated-directive.summary":             "Crawl-delay de două ori în același grup sau Host de două ori în fișier: crawlerii folosesc una dintre valori, și nu toți aceeași.",
	"several-paths.fix":                      "Scrieți câte o regulă pe linie: {lines}.",
	"several-paths.msg":                      "{value} dă {count} căi într-o singură linie {kind}; o regulă primește o singură cale, deci crawlerii o citesc ca o cale cu spații și nu blochează niciuna dintre ele.",
	"several-paths.summary":                  "Mai multe căi într-o singură valoare (\"Disallow: /cgi-bin/ /tmp/\"): o regulă primește o singură cale, deci analizoarele citesc o cale lungă cu spații, care nu se potrivește cu nimic.",
	"sitemap-other-host.fix":                 "Nimic de corectat dacă acea gazdă este a dumneavoastră; altfel dați sitemap-ul de pe {own}.",
	"sitemap-other-host.msg":                 "Sitemap-ul {value} se află pe {host}, nu pe {own}, gazda care servește acest fișier; Google și Bing acceptă asta din robots.txt, alți crawleri îl pot ignora.",
	"sitemap-other-host.summary":             "Un sitemap pe altă gazdă decât cea a fișierului: Google și Bing îl acceptă din robots.txt (trimitere pentru altă gazdă), alți crawleri poate nu.",
	"space-in-path.fix":                      "Scrieți spațiul ca %20: \"{kind}: {fixed}\".",
	"space-in-path.msg":                      "Calea {value} conține un spațiu. Gramatica RFC 9309 nu are spații în căi, iar analizoarele nu se înțeleg: analizorul Google păstrează spațiul ca atare, deci pentru Googlebot regula nu se potrivește cu %20 pe care îl trimit browserele și crawlerii; alte analizoare îl codifică drept %20 sau taie valoarea la spațiu.",
	"space-in-path.summary":                  "Un spațiu în interiorul unei căi (\"Disallow: /path with space/\"): căile RFC 9309 nu au spații, iar analizoarele le citesc diferit.",
	"yandex-limits.fix":                      "Combinați regulile asemănătoare cu \"*\" și ștergeți regulile pentru căi care nu mai există; împărțiți regulile foarte lungi.",
	"yandex-limits.msg.count":                "Grupurile pe care le urmează Yandex au {count} reguli; Yandex citește cel mult {max}, deci raportează o eroare, iar regulile de la această linie încolo pot fi ignorate.",
	"yandex-limits.msg.length":               "Această regulă are {length} caractere; Yandex raportează ca eroare regulile mai lungi de {max} caractere.",
	"yandex-limits.summary":                  "Mai multe reguli decât citește Yandex (2048 în grupurile pe care le urmează) sau o regulă mai lungă de 1024 de caractere.",
	"named-group-replaces-star.msg.many":     "{agents} au un grup propriu, deci grupul \"*\" (linia {star}) nu li se aplică și pot descărca căi pe care acel grup le interzice ({count}): {rules}.",
	"redundant-rule.fix.longer":              "Ștergeți regulile mai lungi; aceasta le acoperă deja.",
	"text-before-group.explain":              "Liniile dinaintea primei linii User-agent care nu sunt nici directive, nici comentarii sunt ignorate de toți crawlerii. Nu strică parcurgerea, dar Google Search Console le arată ca erori de sintaxă, iar printre ele se pot ascunde greșeli reale.",
	"rule-outside-group.explain":             "RFC 9309 pune fiecare linie Allow și Disallow în grupul liniilor User-agent de deasupra ei. O regulă fără nicio linie User-agent deasupra nu aparține niciunui grup, deci niciun crawler nu o aplică: calea numită rămâne deschisă.",
	"empty-disallow.explain":                 "Un Disallow gol nu se potrivește cu nicio cale. Ca singura regulă a unui grup este modul clasic de a permite totul; printre alte reguli nu face nimic și de obicei a rămas dintr-un șablon.",
	"unknown-directive.explain":              "Crawlerii sar peste liniile cu un câmp necunoscut. Un nume de câmp scris greșit (\"Disalow\" este acceptat de Google, \"Disallw\" de nimeni) pierde regula fără niciun semn, deci verificarea sugerează cel mai apropiat nume cunoscut.",
	"typo-accepted.explain":                  "Analizorul Google acceptă câteva greșeli de scriere ale celor patru nume de înregistrări. Analizoarele RFC 9309 și alți crawleri pot să nu le accepte, deci regula funcționează doar pentru Google.",
	"missing-colon.explain":                  "Google citește o linie de exact două cuvinte fără două puncte ca \"key: value\"; alte analizoare au nevoie de două puncte și sar peste linie.",
	"file-too-large.explain":                 "Google și Yandex citesc primii 500 KiB ai unui robots.txt și ignoră restul, doar linii întregi. Regulile de după limită nu se aplică niciunui crawler care o respectă.",
	"site-closed.explain":                    "Un Disallow care se potrivește cu orice cale, fără niciun Allow care să redeschidă ceva, închide întregul site pentru crawlerii grupului. Pe un site public este de obicei o rămășiță de pe un site de test; verificarea numește cine este închis și cine mai intră.",
	"blocks-css-js.explain":                  "Motoarele de căutare randează paginile ca un browser. Blocarea CSS-ului și JavaScript-ului de care are nevoie o pagină o poate face să pară stricată și îi poate afecta clasarea.",
	"pattern-no-slash.explain":               "Calea oricărui URL începe cu \"/\", deci o regulă a cărei cale nu începe nici cu \"/\", nici cu \"*\" nu se potrivește cu nimic. Corectura păstrează sensul evident: \".pdf$\" devine \"/*.pdf$\", iar un nume de câmp repetat dispare.",
	"full-url-pattern.explain":               "Regulile se compară cu calea unui URL, niciodată cu schema sau gazda, deci o regulă scrisă ca URL complet nu se potrivește niciodată. Un robots.txt se aplică doar gazdei care îl servește: o regulă pentru altă gazdă își are locul în fișierul acesteia, iar calea simplă este sugerată doar pentru gazda proprie a fișierului.",
	"dollar-inside.explain":                  "Doar un \"$\" la sfârșitul căii o ancorează. În rest, Google și analizoarele RFC 9309 îl citesc ca simbol dolar, ceea ce e corect pentru căile CMS care îl conțin; scrierea %24 în loc ar face regula să nu se mai potrivească pentru Google.",
	"redundant-wildcard.explain":             "O regulă se potrivește deja cu orice cale care începe cu ea, deci un \"*\" final nu adaugă nimic, în afară de cazurile în care schimbă care regulă este mai lungă la egalitate.",
	"duplicate-rule.explain":                 "Aceeași regulă de două ori printre regulile unui crawler nu schimbă nimic; adesea arată un fișier alcătuit din copii, unde o modificare ulterioară poate rata una dintre ele.",
	"conflicting-rules.explain":              "Aceeași cale este și permisă, și interzisă: RFC 9309 și Google lasă Allow să câștige la egalitate, deci Disallow nu se aplică niciodată.",
	"shadowed-rule.explain":                  "După RFC 9309 decide cea mai lungă regulă potrivită, iar Allow câștigă la egalitate. O regulă pe care altă regulă o învinge pe orice cale cu care se potrivește nu decide niciodată nimic.",
	"case-mismatch-hint.explain":             "Căile țin cont de majuscule, deci \"/Admin/\" nu blochează \"/admin/\". Regulile care diferă doar prin majuscule, sau o cale cu majuscule printre căi cu litere mici, sunt adesea scăpări.",
	"non-ascii-pattern.explain":              "Crawlerii compară caracterele din afara ASCII codificate procentual în UTF-8. Nu e nicio greșeală dacă fișierul este UTF-8; forma codificată se citește la fel în orice analizor.",
	"agent-with-version.explain":             "Un crawler își găsește grupul după nume; o versiune sau un șir user-agent întreg de browser după nume nu contează, iar analizoarele care compară toată valoarea pot să nu o potrivească niciodată.",
	"agent-wildcard.explain":                 "\"*\" înseamnă toți crawlerii doar singur; într-un nume nu este un wildcard, deci \"Googlebot*\" numește doar Googlebot.",
	"empty-group.explain":                    "Liniile User-agent fără reguli după ele formează un grup care permite totul, iar crawlerii numiți nu mai urmează \"*\". Liniile User-agent despărțite de o linie goală împart regulile următoare după RFC 9309 și Google, dar nu și după Yandex.",
	"crawl-delay.explain":                    "Crawl-delay nu face parte din RFC 9309. Google îl ignoră, Yandex îl ignoră din februarie 2018; Bing și alți câțiva crawleri așteaptă atâtea secunde între cereri.",
	"host-directive.explain":                 "Host era modul Yandex de a numi oglinda principală. Yandex nu îl mai citește din 2018, iar alți crawleri nu l-au citit niciodată; o redirecționare 301 face același lucru.",
	"clean-param-syntax.explain":             "Clean-param îi spune lui Yandex care parametri de interogare nu schimbă pagina. Yandex respinge o linie care nu respectă sintaxa: nume de parametri unite prin \"&\", apoi un prefix de cale opțional.",
	"clean-param.explain":                    "O linie Clean-param validă: Yandex elimină parametrii numiți înainte de parcurgere, deci URL-urile care diferă doar prin ei contează ca unul singur. Ceilalți crawleri o ignoră.",
	"noindex-directive.explain":              "Google nu mai citește Noindex în robots.txt din 1 septembrie 2019, iar niciun alt crawler important nu îl citește. Pentru a scoate pagini din rezultate este nevoie de o etichetă meta robots sau de un antet X-Robots-Tag pe pagini pe care crawlerii au voie să le descarce.",
	"sitemap-not-absolute.explain":           "RFC 9309 și motoarele de căutare vor ca valoarea Sitemap să fie un URL complet, cu schemă și gazdă; o cale relativă sau doar un nume de gazdă nu sunt citite.",
	"multiple-star-groups.explain":           "RFC 9309 și Google unesc toate grupurile \"User-agent: *\" într-unul; Yandex raportează mai multe ca eroare. Un singur grup se citește mai ușor și la fel de către toți.",
	"blank-line-in-group.explain":            "Yandex documentează că între User-agent și regulile sale nu poate sta o linie goală, iar verificarea sa raportează regulile de după ea ca neavând User-agent: Yandex încheie grupul acolo. RFC 9309 și Google citesc mai departe. Vedeți docs/yandex.md.",
	"named-group-replaces-star.explain":      "Un crawler cu un grup propriu citește doar acel grup, nu și \"*\". Regulile grupului \"*\" pe care trebuie să le urmeze și el trebuie repetate în grupul său.",
	"invalid-product-token.explain":          "O linie user-agent numește un crawler prin tokenul său de produs (litere, cifre, \"-\", \"_\", \".\"); analizoarele se opresc la primul alt caracter, deci \"Yahoo! Slurp\" numește Yahoo, nu Slurp. Verificarea sugerează tokenul crawlerului doar când îl știe, niciodată un nume tăiat.",
	"ai-token-confusion.explain":             "Operatorii IA folosesc tokenuri separate pentru antrenare, căutare și descărcări cerute de utilizatori; închizând unul, celelalte rămân deschise. Verificarea găsește confuziile obișnuite: căutarea închisă, dar antrenarea nu; un motor de căutare închis împreună cu crawlerii IA; tokenuri vechi.",
	"content-signal.explain":                 "Content-Signal (contentsignals.org) spune cum poate fi folosit conținutul: search, ai-input, ai-train, fiecare yes sau no. Verificarea îi controlează sintaxa.",
	"html-body.explain":                      "Un robots.txt care este o pagină HTML (o pagină de eroare sau pagina principală servită la /robots.txt) nu conține reguli pe care un crawler să le poată citi, deci crawlerii pot descărca totul.",
	"bom.explain":                            "Un marcaj de ordine a octeților UTF-8 la început este sărit de Google și de analizoarele RFC 9309, dar unele analizoare mai vechi îl citesc ca parte a primei linii și pierd directiva ei.",
	"mixed-line-endings.explain":             "Crawlerii acceptă LF, CRLF și CR, chiar amestecate; unele unelte și editoare nu, ceea ce face modificările ulterioare riscante.",
	"invalid-utf8.explain":                   "RFC 9309 cere UTF-8. Octeții altei codificări se potrivesc doar cu URL-uri cu exact aceiași octeți, iar un fișier UTF-16 nu poate fi citit deloc.",
	"line-too-long.explain":                  "Analizorul Google păstrează doar primii 16.663 de octeți ai unei linii; restul unei reguli mai lungi este tăiat, ceea ce schimbă cu ce se potrivește.",
	"empty-file.explain":                     "Un fișier fără directive le permite tuturor crawlerilor să descarce totul, ca și cum n-ar exista robots.txt.",
	"space-in-path.explain":                  "Gramatica RFC 9309 nu are spații în căi, iar analizoarele nu se înțeleg: analizorul Google păstrează spațiul ca atare, deci pentru Googlebot regula nu se potrivește cu %20 trimis de browsere, iar altele îl codifică drept %20 sau taie valoarea la spațiu. Scrisă cu %20, regula înseamnă același lucru pentru toți.",
	"several-paths.explain":                  "O linie Allow sau Disallow primește o singură cale. Mai multe căi pe aceeași linie sunt citite ca o singură cale lungă cu spații, care nu se potrivește cu niciuna dintre ele.",
	"glued-directives.explain":               "Directivele lipite pe o linie (un sfârșit de linie pierdut, adesea din cauza unui CMS) devin parte a căii primei directive: prima regulă nu se potrivește cu nimic, iar a doua directivă se pierde.",
	"hash-in-path.explain":                   "\"#\" începe un comentariu oriunde pe linie, deci \"/page#section\" este regula \"/page\": se potrivește cu mai mult decât trebuie, iar \"/#top\" închide întregul site. Oricum, un fragment #... nu ajunge la server.",
	"host-as-path.explain":                   "Un nume de gazdă scris ca o cale (\"/beta.example.gov\") se potrivește doar cu o cale cu acest nume pe această gazdă. Un robots.txt nu poate vorbi pentru altă gazdă: aceea are nevoie de propriul fișier.",
	"home-page-only.explain":                 "\"Disallow: /\" împreună cu \"Allow: /$\" deschide pagina principală și închide tot restul. Verificarea site-closed nu se declanșează, fiindcă ceva este deschis, așa că o spune această verificare.",
	"yandex-limits.explain":                  "Verificarea robots.txt a Yandex raportează o eroare când grupurile pe care le citește au mai mult de 2048 de reguli sau când o regulă are mai mult de 1024 de caractere.",
	"repeated-directive.explain":             "Crawl-delay de două ori în același grup sau Host de două ori în fișier: crawlerii care le citesc iau o singură valoare, și nu toți aceeași.",
	"lookalike-field.explain":                "Un nume de câmp scris cu un caracter asemănător (o cratimă neîntreruptibilă, o literă chirilică) pare corect, dar nu este numele căutat de crawleri, deci aceștia sar peste linie.",
	"html-in-line.explain":                   "Etichetele HTML lăsate de editorul unui CMS sau de o copiere dintr-o pagină web devin parte a liniei: o valoare user-agent sau o cale conține atunci \"<br/>\" și nu se mai potrivește.",
	"no-sitemap.explain":                     "O linie Sitemap îi permite oricărui crawler să găsească sitemap-urile site-ului fără un cont de webmaster; fără ea, le cunosc doar motoarele cărora le-au fost trimise.",
	"sitemap-other-host.explain":             "Un sitemap pe altă gazdă decât cea a fișierului: Google și Bing îl acceptă din robots.txt ca dovadă că ambele gazde aparțin proprietarului, alți crawleri poate nu.",
	"redundant-rule.explain":                 "O regulă acoperită complet de altă regulă de același fel, care decide la fel, nu schimbă nimic și doar lungește fișierul; o regulă scurtă face adesea redundante multe reguli lungi.",
	"broad-prefix.explain":                   "O regulă se potrivește cu orice cale care începe cu ea, deci o cale fără \"/\" la final prinde și nume mai lungi: \"Disallow: /test\" blochează \"/testimonials\". Verificarea o spune când fișierul însuși numește o astfel de cale mai lungă.",
	"text.bad":                               "Greșit",
	"text.good":                              "Corect",
	"text.more":                              "Mai mult",
	"text.total":                             "{files} fișiere: {counts}",
	"text.id":                                "Cod",
	"text.severity":                          "gravitate",
	"text.summary-heading":                   "ce caută",
	"at-lines":                               "liniile {lines}",
	"empty-group.yandex":                     " Yandex încheie grupul la linia goală și nu le dă nicio regulă.",
	"blocks-css-js.msg.folder":               "\"{rule}\" blochează {path} pentru {agents}: dacă site-ul servește de acolo CSS sau JavaScript, motoarele de căutare nu pot randa paginile așa cum le văd vizitatorii și le pot considera stricate.",
	// audit-limit
	"unit.name": "{n} nume|{n} nume|{n} de nume",
	// Groups the digits of large numbers: "100,000".
	"number.separator":       ".",
	"unit.rule set":          "{n} set de reguli|{n} seturi de reguli|{n} de seturi de reguli",
	"audit-limit.summary":    "Verificarea a comparat între ele doar o parte din regulile fișierului: fișierul a atins o limită care păstrează costul verificării liniar în dimensiunea lui.",
	"audit-limit.fix":        "Pentru crawlere nu e nimic de corectat. Pentru o verificare completă, numiți fiecare crawler într-un singur grup și păstrați puține reguli: o regulă cu \"*\" în locul multora care diferă într-o singură parte.",
	"audit-limit.msg":        "Regulile combinate pentru {count} ({agents}) nu au fost comparate: cu ele, seturile de reguli combinate ale numelor din fișier ar avea peste {limit} de reguli în total. Verificările regulilor combinate ale unui crawler (duplicate-rule, conflicting-rules, shadowed-rule, redundant-rule, blocks-css-js, site-closed și altele) nu au privit aceste nume; toate celelalte verificări au parcurs întregul fișier.",
	"audit-limit.msg.large":  "redundant-rule nu a comparat regulile din {sets} ({agents}): fiecare are peste {limit} de reguli distincte. O regulă mai lungă pe care una mai scurtă o face redundantă nu este semnalată acolo; celelalte verificări le-au comparat.",
	"audit-limit.msg.budget": "Verificările care compară regulile între ele s-au oprit după {limit} de pași: shadowed-rule, redundant-rule și named-group-replaces-star pot să fi omis unele reguli ale acestui fișier. Toate celelalte verificări au parcurs întregul fișier.",
	"audit-limit.explain":    "Unele verificări compară regulile între ele: regulile grupurilor combinate ale fiecărui crawler (duplicate-rule, shadowed-rule, redundant-rule) și pe cele ale unui grup cu nume cu grupul \"*\" (named-group-replaces-star). Munca lor poate crește mai repede decât fișierul: sute de nume care adaugă fiecare un mic grup propriu la un singur grup mare comun dau sute de seturi mari de reguli. Ca verificarea să rămână liniară în dimensiunea fișierului, această muncă este limitată: 100.000 de reguli în toate seturile combinate, 4.000.000 de pași de comparare și 5000 de reguli distincte pe set pentru redundant-rule. Peste o limită, verificarea compară doar o parte din fișier și o spune: ce semnalează rămâne corect, dar poate semnala mai puțin. Crawlerele citesc fișierul ca de obicei; fișierul în sine nu are nicio greșeală. Exemplul arată această formă în mic: e nevoie de sute de nume și reguli pentru a atinge limita. Dacă fiecare crawler e numit într-un singur grup, ca în fișierul corectat, crawlerele cu reguli comune au un singur set de reguli, comparat o singură dată.",
}
