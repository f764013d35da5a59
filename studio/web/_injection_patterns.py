# ruff: noqa: E501  (the rule table below keeps one rule per line)
"""The phrase lists and rules of the prompt-injection scanner, as data.

Rules are written in a small pattern language over normalized words (lower case, accents
removed, so ``précédentes`` is written ``precedentes``). A pattern is a sequence of items
separated by spaces:

- ``word``, ``word|other`` or ``instruct*`` (a prefix): one word from the alternatives;
  ``a+b`` is a sequence of words inside one alternative (``system+prompt``).
- ``@NAME``: one alternative of the word class ``NAME`` below.
- ``*``: any one word.
- ``,``: punctuation (or the end of the text) between the words before and after; it
  consumes no word. It lets ``if you are an AI ,`` match while ``if you are an AI researcher``
  does not.
- ``?`` or ``{m,n}`` after an item repeats it.

A *strong* rule is a finding on its own. A *weak* rule is a finding only when another rule of a
different family matched within :data:`WEAK_WINDOW` characters: ordinary pages use phrases
like "new instructions:" or "from now on", but rarely two of them close together, while
injected text piles them up. The first rules are kept in English, German, French and Spanish;
the rules by mechanism at the end of the table cover Italian, Dutch and Portuguese too. They
are Studio's own wording, paraphrased from public attack taxonomies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "AI_ADDRESS_WORDS",
    "CONFUSABLES",
    "CONTINUATION_WORDS",
    "FUZZY_KEYWORDS",
    "IMPERATIVES",
    "LEET",
    "MODEL_ACTIONS",
    "PLACEHOLDER_DATA_WORDS",
    "PLACEHOLDER_STRONG_WORDS",
    "REVERSED_KEYWORDS",
    "RULES",
    "TYPO_KEYWORDS",
    "WEAK_WINDOW",
    "WORD_CLASSES",
    "RuleSpec",
    "words",
]

Strength = Literal["strong", "weak"]

WEAK_WINDOW = 140
"""How close (in characters) two weak signals of different families must be to count."""


@dataclass(frozen=True, kw_only=True)
class RuleSpec:
    """One phrase rule: a pattern in the language above, plus the gates that keep it precise."""

    name: str
    """A short identifier for tests and debugging; never shown to the user."""
    category: str
    """The finding category (a value of ``FindingCategory``)."""
    pattern: str
    """The pattern over normalized words."""
    strength: Strength = "strong"
    """Whether one match is a finding on its own."""
    family: str = ""
    """Weak rules of one family never confirm each other; defaults to the rule's name."""
    cross_sentences: bool = False
    """Whether the match may span a sentence end; most rules stay inside one sentence."""
    unless_before: str = ""
    """Words that, earlier in the same sentence, turn the match off (conditions like "if")."""
    unless_next: str = ""
    """Words that, right after the match, turn it off ("forget everything you know *about*")."""


# Word classes. Entries are separated by spaces; "+" joins the words of a multi-word entry.
WORD_CLASSES: dict[str, str] = {
    # --- English -------------------------------------------------------------------------
    "IGNORE": (
        "ignore ignoring disregard disregarding forget forgetting override overriding bypass "
        "discard dismiss abandon neglect overlook nullify pay+no+attention+to "
        "do+not+follow don+t+follow dont+follow stop+following no+longer+follow"
    ),
    "FILL": "all any every each the your my our of these those that this and or other",
    "QUANT": "all any every your",
    "PRIOR": (
        "previous previously prior above earlier preceding former foregoing initial original "
        "old existing past aforementioned before system default developer given provided "
        "starting hidden above+mentioned so+far"
    ),
    "PRIOR_STRONG": "previous prior above original initial system earlier preceding foregoing",
    "INSTR": (
        "instructions instruction prompts prompt directives directive directions commands "
        "orders rules guidelines guidance constraints programming restrictions policies "
        "guardrails"
    ),
    "PRIOR_POST": (
        "above before so+far until+now up+to+now you+were+given you+have+been+given "
        "you+ve+been+given you+received given+to+you from+before that+came+before "
        "provided+above given+above"
    ),
    "AI_RULES": (
        "instructions programming training guidelines rules restrictions system+prompt prompt "
        "directives constraints safety+guidelines safety+rules content+policy content+policies "
        "policies filters ethics ethical+guidelines moral+guidelines limitations guardrails "
        "safeguards system+message system+instructions initial+instructions"
    ),
    "FOLLOW": "follow following obey obeying adhere+to comply+with listen+to respect",
    "INVALID": (
        "void invalid cancelled canceled revoked null overridden fake irrelevant "
        "no+longer+valid no+longer+in+effect suspended lifted deactivated disabled "
        "superseded rescinded"
    ),
    "NEW": "new real actual true only primary sole updated revised secret hidden",
    "TASK": (
        "task job goal objective mission instructions instruction purpose role directive "
        "assignment orders"
    ),
    "A": "a an the",
    "AI_NOUN": (
        "ai a+i ais llm llms chatbot chatbots language+model language+models "
        "large+language+model large+language+models ai+assistant ai+assistants ai+agent "
        "ai+agents ai+model ai+models ai+system ai+systems ai+tool ai+crawler ai+crawlers "
        "chatgpt gpt claude gemini copilot virtual+assistant automated+assistant "
        "autonomous+agent ai+powered+assistant ai+based+assistant assistant+ai"
    ),
    "AI_READER": (
        "ai ais llm llms assistant assistants agent agents model models language+model "
        "language+models chatbot chatbots gpt chatgpt claude gemini copilot bots crawlers"
    ),
    "READING": (
        "reading processing summarizing summarising parsing analyzing analysing browsing "
        "crawling scraping indexing ingesting viewing visiting answering"
    ),
    "DOC": (
        "page document text email mail website site content article message file webpage "
        "web+page post review listing entry snippet result results"
    ),
    "NOTE": (
        "note message instructions instruction attention notice memo reminder request hint "
        "directive warning important info psa guidance"
    ),
    "PERSONA": (
        "dan stan dude aim unrestricted uncensored unfiltered jailbroken liberated evil rogue "
        "unbound unchained unleashed no+longer in+developer+mode in+god+mode in+dan+mode "
        "in+jailbreak+mode in+unrestricted+mode called named known+as acting+as playing "
        "roleplaying an+ai+without an+ai+with+no a+different+ai a+new+ai another+ai "
        "free+from free+of freed ai+with+no ai+without assistant+with+no assistant+without "
        "assistant+that+has+no chatbot+with+no chatbot+without model+with+no model+without "
        "ai+that+ignores assistant+that+ignores"
    ),
    "AI_BAD": (
        "unrestricted uncensored unfiltered jailbroken evil rogue amoral unethical "
        "unbound unchained dan ai+without ai+with+no ai+that+has+no ai+that+can "
        "ai+that+does+not ai+that+doesn+t different+ai model+without assistant+without "
        "chatbot+without ai+free+of ai+free+from"
    ),
    "BAD_MODE": (
        "dan+mode jailbreak+mode jailbroken+mode unrestricted+mode unfiltered+mode "
        "uncensored+mode evil+mode chaos+mode opposite+mode anarchy+mode no+limits+mode "
        "dan+modus jailbreak+modus modo+dan modo+jailbreak mode+dan mode+jailbreak"
    ),
    "LEAK": (
        "reveal repeat print output display show tell give share disclose write list recite "
        "dump leak expose copy paste spell+out reproduce echo echo+back read+back spit+out "
        "print+out write+out type+out"
    ),
    "LEAK_ADJ": (
        "full entire complete original initial hidden secret exact verbatim confidential "
        "internal real whole"
    ),
    "PROMPT_OBJ": (
        "system+prompt system+message system+instructions initial+prompt hidden+prompt "
        "pre+prompt preprompt hidden+instructions initial+instructions secret+instructions "
        "original+instructions original+prompt developer+message developer+instructions "
        "meta+prompt"
    ),
    "SEND": (
        "send sending post posting upload uploading forward forwarding transmit transmitting "
        "leak leaking exfiltrate exfiltrating email e+mail mail submit append embed encode "
        "attach paste"
    ),
    "CONVO": (
        "conversation conversations chat chat+history conversation+history chat+log chat+logs "
        "dialogue dialog history previous+messages prior+messages earlier+messages "
        "system+prompt instructions initial+prompt context context+window memory memories "
        "everything+above everything+the+user+said everything+you+know user+s+messages "
        "user+messages transcript user+s+previous+messages user+s+earlier+messages "
        "user+s+last+message user+s+questions user+s+message user+s+prompts"
    ),
    "SECRET": (
        "api+key api+keys apikey apikeys api+token api+tokens access+token access+tokens "
        "passwords password credentials secrets private+keys private+key session+tokens "
        "session+token cookies auth+tokens bearer+token ssh+keys credit+card+numbers "
        "credit+card+details"
    ),
    "USERDATA": (
        "user+data user+s+data user+information user+s+information user+details "
        "user+s+details user+s+emails user+emails user+s+mails user+s+files user+files "
        "user+s+documents user+s+credentials user+s+passwords user+s+personal+information "
        "user+s+personal+data personal+information personal+data user+s+contacts "
        "user+s+address user+s+location user+s+email+address user+s+name"
    ),
    "DEST": (
        "url urls link webhook endpoint server address domain http https email+address "
        "mailbox this+email this+site this+website following+address following+url "
        "following+link external"
    ),
    "HIDE": "secretly silently quietly covertly discreetly stealthily invisibly",
    "ACT_VERB": (
        "call invoke send forward email post upload execute run visit open fetch navigate "
        "click download install transfer delete add include append insert exfiltrate copy "
        "share trigger use"
    ),
    "TELL": "tell inform notify alert mention reveal disclose let+the+user+know say explain",
    "THIS_INSTR": (
        "this+instruction these+instructions this+note this+message these+notes this+text "
        "this+request this+hidden+text this+comment the+instructions the+above+instructions "
        "these+hidden+instructions this+prompt any+of+this this+part"
    ),
    "ASKED": (
        "asked wants requested would+like needs instructed told expects authorized authorised "
        "approved allowed permitted consented prefers has+asked has+requested "
        "has+authorized has+authorised has+approved has+allowed has+instructed "
        "has+already+approved has+already+authorized already+approved already+authorized "
        "actually+wants really+wants"
    ),
    "SUMMARIZE": (
        "summarizing summarising summarize summarise asked+to+summarize asked+to+summarise "
        "writing+a+summary+of creating+a+summary+of answering+questions+about "
        "asked+about describing reviewing evaluating"
    ),
    "REMEMBER": "remember memorize memorise store save keep retain record",
    "FUTURE": "future subsequent later following upcoming other coming",
    "SESSIONS": (
        "conversations conversation chats chat sessions session interactions interaction "
        "responses response answers answer replies reply requests queries prompts dialogues"
    ),
    "PERSONA_VERB": (
        "respond reply answer act behave pretend ignore obey roleplay role+play refuse "
        "speak+as talk+as address+me call+me refer+to+yourself"
    ),
    "DOCNOUN": (
        "document content page text input context data article file webpage web+page "
        "search+results results tool+output tool+result untrusted+content untrusted+data "
        "retrieved+content user+input email message snippet excerpt transcript"
    ),
    "BYPASS": (
        "bypass circumvent evade disable turn+off deactivate remove ignore override "
        "get+around switch+off drop lift disregard"
    ),
    "CREATOR": (
        "developer developers creator creators admin administrator owner operator "
        "programmer programmers maker makers system+administrator"
    ),
    "AUTHORIZE": (
        "authorize authorise grant give allow permit instruct command order override unlock enable"
    ),
    "DECODE": "decode decoding decrypt translate convert unscramble deobfuscate",
    "DECODE_OBEY": "follow obey execute carry+out act+on perform comply+with run",
    # --- German ----------------------------------------------------------------------------
    "IGNORE_DE": (
        "ignoriere ignorieren ignoriert ignorier vergiss vergessen vergesst missachte "
        "missachten missachtet verwirf verwerfen beachte+nicht beachten+sie+nicht "
        "setze+dich+uber setzen+sie+sich+uber hebe+auf"
    ),
    "FILL_DE": (
        "alle allen aller alles die der den das deine deiner deinen deines ihre ihren ihrer "
        "sie bisher vorher zuvor gegebenen erhaltenen diese dieser diesen samtliche "
        "samtlichen jegliche jeglichen"
    ),
    "PRIOR_DE": (
        "vorherigen vorherige vorigen vorige bisherigen bisherige fruheren fruhere obigen "
        "obige vorangegangenen vorangegangene vorstehenden vorstehende ursprunglichen "
        "ursprungliche alten alte vorhergehenden vorhergehende anfanglichen anfangliche "
        "gegebenen erhaltenen urspunglichen"
    ),
    "INSTR_DE": (
        "anweisungen anweisung instruktionen instruktion befehle befehl regeln vorgaben "
        "richtlinien anordnungen prompts prompt systemprompt systemanweisungen "
        "systemanweisung systemnachricht anleitungen"
    ),
    "SYSTEM_DE": (
        "systemprompt systemanweisungen systemanweisung systemnachricht sicherheitsrichtlinien "
        "sicherheitsregeln richtlinien inhaltsrichtlinien programmierung"
    ),
    "SAID_DE": "gesagt mitgeteilt aufgetragen befohlen vorgegeben angewiesen erklart",
    "SEND_DE": (
        "sende sendet senden schicke schickt schicken ubermittle ubermittelt ubermitteln "
        "leite leitet lade poste"
    ),
    "CONVO_DE": (
        "chatverlauf gesprachsverlauf unterhaltung konversation verlauf systemprompt "
        "api+schlussel api+schlusseln passworter passwort zugangsdaten nutzerdaten "
        "benutzerdaten daten+des+nutzers daten+des+benutzers anmeldedaten geheimnisse"
    ),
    "LEAK_DE": "gib zeige zeig nenne verrate wiederhole drucke schreibe offenbare",
    # --- French ----------------------------------------------------------------------------
    "IGNORE_FR": (
        "ignore ignorez ignorer ignorons oublie oubliez oublier ne+tiens+pas+compte "
        "ne+tenez+pas+compte ne+tiens+plus+compte ne+tenez+plus+compte fais+abstraction faites+abstraction neglige negligez ecarte "
        "ecartez passe+outre passez+outre"
    ),
    "FILL_FR": "toutes tous toute tout les des de la le l d tes vos ces aux a du",
    "INSTR_FR": (
        "instructions instruction consignes consigne directives directive ordres regles "
        "commandes indications prompt prompts"
    ),
    "PRIOR_FR": (
        "precedentes precedente precedents anterieures anterieure anterieurs ci+dessus "
        "initiales originales du+systeme systeme donnees recues fournies"
    ),
    "SEND_FR": "envoie envoyez envoyer transmets transmettez transfere transferez publie",
    "CONVO_FR": (
        "conversation historique historique+de+la+conversation prompt+systeme "
        "prompt+du+systeme cles+api cle+api mots+de+passe mot+de+passe identifiants "
        "donnees+de+l+utilisateur donnees+personnelles"
    ),
    "LEAK_FR": "revele revelez affiche affichez montre montrez repete repetez donne donnez",
    # --- Spanish ---------------------------------------------------------------------------
    "IGNORE_ES": (
        "ignora ignore ignorad ignoren ignorar olvida olvide olvidad olviden olvidar "
        "haz+caso+omiso haga+caso+omiso hagan+caso+omiso no+hagas+caso descarta descarte "
        "omite omita desestima desatiende"
    ),
    "FILL_ES": "todas todos las los tus sus de a estas esas del el la cualquier",
    "INSTR_ES": (
        "instrucciones instruccion indicaciones ordenes reglas directrices directivas "
        "consignas comandos prompt mandatos"
    ),
    "PRIOR_ES": (
        "anteriores anterior previas previos previa precedentes iniciales originales "
        "del+sistema de+arriba recibidas dadas"
    ),
    "SEND_ES": "envia envie enviad envien manda mande reenvia reenvie transmite publica",
    "CONVO_ES": (
        "conversacion historial historial+de+chat historial+de+la+conversacion "
        "prompt+del+sistema claves+api clave+api contrasenas contrasena credenciales "
        "datos+del+usuario datos+personales"
    ),
    "LEAK_ES": (
        "revela revele muestra muestre imprime imprima repite repita dame dime muestrame "
        "revelame ensename imprimeme repiteme"
    ),
}

_O = "override"
_R = "role_override"
_E = "exfiltration"
_J = "jailbreak"
_A = "agent_manipulation"
_D = "delimiter_evasion"
_P = "persistence"
_C = "encoding_evasion"


def words(text: str) -> list[str]:
    """The words of a space-separated list."""
    return text.split()


_words = words


def _rule(name: str, category: str, pattern: str, **options: Any) -> RuleSpec:
    return RuleSpec(name=name, category=category, pattern=pattern, **options)


_CONDITIONS = "if when unless users user readers can may might could otherwise only mac windows"

# fmt: off
# One rule per line reads as a table; wrapping the patterns would hide their shape.
RULES: tuple[RuleSpec, ...] = (
    # --- override, English ------------------------------------------------------------------
    _rule("ignore-all-prior", _O, "@IGNORE @FILL{0,2} @QUANT @FILL{0,2} @PRIOR @INSTR"),
    _rule("ignore-prior", _O, "@IGNORE @FILL{0,3} @PRIOR_STRONG @INSTR", unless_before=_CONDITIONS),
    _rule("ignore-all-post", _O, "@IGNORE @FILL{0,1} @QUANT @FILL{0,2} @INSTR @PRIOR_POST"),
    _rule("ignore-post", _O, "@IGNORE the|these|those @INSTR @PRIOR_POST", unless_before=_CONDITIONS),
    _rule("ignore-everything", _O, "@IGNORE everything|all above|before|prior|previously|so+far|until+now|up+to+now|earlier|preceding"),
    _rule("ignore-everything-said", _O, "@IGNORE everything|all that|which|what|you|i|we|is|was|has|have|ve|were|been{0,3} said|told|written|stated|instructed|given|mentioned", unless_next="about regarding concerning on of"),
    _rule("ignore-your-rules", _O, "@IGNORE your|all+your|all+of+your @FILL{0,1} @AI_RULES"),
    _rule("ignore-the-system-prompt", _O, "@IGNORE the|any|all @PROMPT_OBJ"),
    _rule("do-not-follow-prior", _O, "do+not|don+t|dont|never|stop|no+longer @FOLLOW @FILL{0,3} @PRIOR_STRONG @INSTR", unless_before=_CONDITIONS),
    _rule("do-not-follow-your", _O, "do+not|don+t|dont|never|stop|no+longer @FOLLOW your @FILL{0,1} @AI_RULES"),
    _rule("prior-is-void", _O, "your|all @FILL{0,1} @PRIOR @INSTR are|were|is|have+been|has+been|now{1,2} @INVALID"),
    _rule("system-prompt-is-void", _O, "the|your @PROMPT_OBJ is|was|has+been|are|have+been now? @INVALID"),
    _rule("prior-is-void-weak", _O, "the|these|those @PRIOR @INSTR are|were|is|have+been|has+been|now{1,2} @INVALID", strength="weak", family="void"),
    _rule("new-task", _O, "your @NEW @TASK is|are|will+be|now", strength="weak", family="new-task"),
    _rule("instead-your-task", _O, "instead|rather , your|the @NEW? @TASK is|are|will+be", strength="weak", family="new-task"),
    _rule("reset-your", _O, "reset|wipe|erase|purge|flush your @AI_RULES|context|programming"),
    _rule("override-precedence", _O, "these|this|following|the+following @INSTR take|takes|have|has precedence|priority over @FILL{0,2} @PRIOR_STRONG? @INSTR|else|everything"),
    _rule("start-over", _O, "start|begin over|fresh|anew and|, @IGNORE", strength="weak", family="start-over"),
    # --- override, German, French, Spanish, Italian, Portuguese, Dutch ------------------------
    _rule("de-ignore-prior", _O, "@IGNORE_DE @FILL_DE{0,3} @PRIOR_DE @INSTR_DE"),
    _rule("de-ignore-system", _O, "@IGNORE_DE @FILL_DE{0,3} @SYSTEM_DE"),
    _rule("de-ignore-instr-prior", _O, "@IGNORE_DE @FILL_DE{1,3} @INSTR_DE bisher|vorher|zuvor|oben|davor"),
    _rule("de-forget-everything", _O, "@IGNORE_DE alles ,? was|dir|ihnen|du|sie|man|bisher|vorher|zuvor{1,4} *{0,1} @SAID_DE", unless_next="uber zu"),
    _rule("de-forget-above", _O, "@IGNORE_DE alles oben|obige|obenstehende|vorherige|bisherige|davor|vorhergehende"),
    _rule("de-do-not-follow", _O, "befolge|befolgen|folge|folgen @FILL_DE{0,3} @PRIOR_DE @INSTR_DE nicht|nicht+mehr"),
    _rule("de-prior-void", _O, "alle|deine|die @PRIOR_DE @INSTR_DE sind|gelten ungultig|aufgehoben|nichtig|widerrufen|nicht+mehr+gultig|aussgesetzt|hinfallig"),
    _rule("fr-ignore-prior", _O, "@IGNORE_FR @FILL_FR{0,3} @INSTR_FR @PRIOR_FR"),
    _rule("fr-ignore-prior-adj-first", _O, "@IGNORE_FR @FILL_FR{0,3} precedentes|anterieures @INSTR_FR"),
    _rule("fr-ignore-system", _O, "@IGNORE_FR @FILL_FR{0,3} ton|votre|le prompt|instructions+systeme|prompt+systeme|programmation"),
    _rule("fr-forget-everything", _O, "@IGNORE_FR tout ce|qui|que|qu|on|vous|t|te|a|as|avez|ete|m|me|nous{1,6} dit|precede|indique|ecrit|demande|ci+dessus", unless_next="sur a propos concernant de"),
    _rule("fr-forget-above", _O, "@IGNORE_FR tout ci+dessus|avant|auparavant|precedemment"),
    _rule("fr-do-not-follow", _O, "ne+suis+pas|ne+suivez+pas|ne+respecte+pas|ne+respectez+pas|n+obeis+pas|n+obeissez+pas @FILL_FR{0,3} @INSTR_FR @PRIOR_FR"),
    _rule("es-ignore-prior", _O, "@IGNORE_ES @FILL_ES{0,3} @INSTR_ES @PRIOR_ES"),
    _rule("es-ignore-system", _O, "@IGNORE_ES @FILL_ES{0,3} tu|su|el prompt|instrucciones+del+sistema|prompt+del+sistema|programacion"),
    _rule("es-forget-everything", _O, "@IGNORE_ES todo lo|lo+que|que|se|te|le|han|ha|has|hayan{0,4} dicho|anterior|arriba|antes|indicado|escrito|pedido", unless_next="sobre de acerca"),
    _rule("es-do-not-follow", _O, "no+sigas|no+siga|no+obedezcas|no+obedezca|no+cumplas|no+cumpla @FILL_ES{0,3} @INSTR_ES @PRIOR_ES"),
    _rule("it-ignore-prior", _O, "ignora|ignorate|ignori|dimentica|dimenticate|dimentichi tutte|tutti|le|gli|i|delle|tue|sue{0,3} istruzioni|indicazioni|regole|direttive|comandi precedenti|precedente|iniziali|originali|di+sistema"),
    _rule("pt-ignore-prior", _O, "ignore|ignora|ignorem|esqueca|esquecam|desconsidere|desconsidera todas|todos|as|os|suas|tuas{0,3} instrucoes|orientacoes|regras|diretrizes|ordens|comandos anteriores|previas|iniciais|originais|do+sistema"),
    _rule("nl-ignore-prior", _O, "negeer|negeert|vergeet|ignoreer alle|de|je|jouw|uw|eerdere|vorige{0,3} vorige|eerdere|voorgaande|bovenstaande|oorspronkelijke|originele instructies|opdrachten|regels|aanwijzingen|instructie"),
    # --- role override ----------------------------------------------------------------------
    _rule("you-are-now", _R, "you+are+now|you+re+now|you+will+now+be|you+shall+now+be|from+now+on+you+are|henceforth+you+are|you+have+become|you+are+henceforth @A? @PERSONA"),
    _rule("no-longer-ai", _R, "you+are+no+longer|you+re+no+longer|you+aren+t+an|you+are+not+an @A? ai|assistant|chatgpt|claude|gemini|language+model|ai+assistant|chatbot|helpful+assistant|an+ai|a+language+model|bound+by+your|restricted+by+your|limited+by+your|bound+by+any|subject+to+your"),
    _rule("no-longer-bound", _R, "you+are+no+longer|you+re+no+longer|you+are+not|you+re+not|you+aren+t bound|restricted|limited|constrained|governed by? your|openai|anthropic|google|ethical|ethics|content|safety|moral|any @AI_RULES"),
    _rule("pretend-bad-ai", _R, "pretend|imagine|act|behave|roleplay|role+play that|as+if|as+though|like|to+be? you? are|were|re|be? @A? @AI_BAD"),
    _rule("act-as-bad-ai", _R, "act|acting|serve|function|operate as @A? @AI_BAD"),
    _rule("new-persona", _R, "your new role|persona|identity|name|personality|character is|will+be", strength="weak", family="new-task"),
    _rule("from-now-on-you", _P, "from+now+on|from+this+point+on|from+this+moment+on|henceforth|going+forward ,? you will|must|shall|should|are+to|have+to|need+to always|never|only? @PERSONA_VERB", strength="weak", family="from-now-on"),
    _rule("from-now-on", _P, "from+now+on|from+this+point+on|from+this+point+forward|from+this+moment+on|henceforth", strength="weak", family="from-now-on"),
    _rule("de-from-now-on", _P, "ab+sofort|ab+jetzt|von+nun+an|von+jetzt+an|kunftig|zukunftig", strength="weak", family="from-now-on"),
    _rule("fr-from-now-on", _P, "a+partir+de+maintenant|desormais|dorenavant|a+partir+d+aujourd+hui", strength="weak", family="from-now-on"),
    _rule("es-from-now-on", _P, "a+partir+de+ahora|de+ahora+en+adelante|desde+ahora", strength="weak", family="from-now-on"),
    _rule("de-you-are-now", _R, "du+bist+jetzt|du+bist+nun|du+bist+ab+sofort|ab+sofort+bist+du|von+nun+an+bist+du|ab+jetzt+bist+du ein|eine|kein|keine? dan|uneingeschrankte|uneingeschrankter|unzensierte|unzensierter|bose|boser|freie|freier|ki+ohne|assistent+ohne|befreit|nicht+mehr+an"),
    _rule("fr-you-are-now", _R, "tu+es+maintenant|vous+etes+maintenant|desormais+tu+es|desormais+vous+etes|tu+es+desormais|vous+etes+desormais|tu+n+es+plus|vous+n+etes+plus un|une? dan|ia+sans|assistant+sans|ia+libre|ia+non+censuree|libere|liberee|libre|une+ia|un+assistant|tenu|tenue|limite|limitee"),
    _rule("es-you-are-now", _R, "ahora+eres|ahora+es+usted|ya+no+eres|ya+no+es|de+ahora+en+adelante+eres|a+partir+de+ahora+eres un|una? dan|ia+sin|asistente+sin|ia+libre|ia+sin+censura|liberado|liberada|libre|una+ia|un+asistente|un+modelo|sin+restricciones"),
    _rule("i-am-your-creator", _R, "i+am|i+m|this+is|we+are your @CREATOR", strength="weak", family="authority"),
    _rule("creator-authorizes", _R, "i+am|i+m|this+is|we+are your @CREATOR and|,? i|we @AUTHORIZE|authorise|hereby", cross_sentences=True),
    _rule("vendor-authorizes", _R, "openai|anthropic|google|microsoft|your+developers|your+creators|the+developers has|have hereby? authorized|authorised|approved|permitted|allowed|granted|updated|changed your|this|you", strength="weak", family="authority"),
    _rule("fake-compliance", _R, "sure|okay|ok|certainly|absolutely|understood|of+course ,? i+will|i+ll|i+can|i+am+going+to|i+have|i+ve now? @IGNORE|ignored|bypassed|bypass|disabled|disable|forgotten|dropped my|all+my|the @AI_RULES|restrictions|filters|previous+instructions|safety|programming|guidelines", cross_sentences=True),
    _rule("you-are-unrestricted-ai", _R, "you+are|you+re @A ai|assistant|chatbot|language+model|model|bot with+no|without|free+of|free+from|that+has+no|unbound+by|not+bound+by any? ethical|moral|content|safety? restrictions|filters|rules|limits|limitations|guidelines|censorship|ethics|morals|boundaries"),
    _rule("fr-you-are-unrestricted-ai", _R, "tu+es|vous+etes une|un ia|assistant|intelligence+artificielle|chatbot|modele sans|libre|non+censure|non+censuree"),
    _rule("de-you-are-unrestricted-ai", _R, "du+bist|sie+sind eine|ein ki|assistent|chatbot|sprachmodell ohne"),
    _rule("es-you-are-unrestricted-ai", _R, "eres|es una|un ia|asistente|inteligencia+artificial|chatbot|modelo sin"),
    _rule("rest-of-chat", _P, "for|during|throughout the+rest+of|the+remainder+of this|the|our chat|conversation|session|dialogue", strength="weak", family="future"),
    _rule("follow-your-real-task", _O, "follow|do|perform|execute|start|begin|complete|carry+out your|the real|true|actual|new|hidden|secret|primary @TASK", strength="weak", family="new-task"),
    _rule("obey-what-it-says", _A, "obey|follow|execute|do whatever|what it|they|the+page|the+file|the+site says|say|tells|tell|instructs|contains", strength="weak", family="obey"),
    _rule("respond-without-limits", _J, "respond|answer|reply|speak|write|talk|act without|with+no any? ethical|moral|content|safety? restrictions|limitations|limits|filters|censorship|guidelines|rules|boundaries"),
    # --- jailbreak --------------------------------------------------------------------------
    _rule("dan-stands-for", _J, "stands|stand|stood for do+anything+now"),
    _rule("dan-do-anything", _J, "dan *{0,4} do+anything+now", cross_sentences=True),
    _rule("do-anything-now", _J, "do+anything+now", strength="weak", family="dan", unless_before="can can+t cannot couldn+t could nothing"),
    _rule("bad-mode", _J, "@BAD_MODE"),
    _rule("enable-mode", _J, "enable|enabled|activate|activated|enter|entering|switch+to|turn+on|unlock dan|jailbreak|jailbroken|unrestricted|unfiltered|uncensored|evil mode"),
    _rule("developer-mode-ai", _J, "chatgpt|gpt|ai|assistant|model|claude|llm|gemini|you|yourself *{0,1} with|in developer+mode|dev+mode"),
    _rule("developer-mode", _J, "developer+mode|dev+mode|god+mode|debug+mode|admin+mode|sudo+mode|maintenance+mode enabled|activated|on|output|response|engaged", strength="weak", family="mode"),
    _rule("no-restrictions", _J, "no|without|free+of|free+from|zero|none+of any|your|the? ethical|moral|safety|content? restrictions|limitations|limits|filters|censorship|guardrails|guidelines|rules|policies|morals|ethics|boundaries", strength="weak", family="unrestricted"),
    _rule("unrestricted-ai", _J, "unrestricted|uncensored|unfiltered|jailbroken|amoral|unaligned ai|assistant|chatbot|model|llm|mode|version|response|responses|answers|output|persona", strength="weak", family="unrestricted"),
    _rule("stay-in-character", _J, "stay|remain|keep|staying in character|persona|role", strength="weak", family="character"),
    _rule("break-character-never", _J, "never|don+t|do+not break character", strength="weak", family="character"),
    _rule("break-free-your", _J, "break|breaking|escape|escaped|freed|free|broken free|out? of|from? your|the chains|confines|restrictions|programming|guidelines|rules|limitations|shackles|jail|filters|alignment"),
    _rule("bypass-your", _J, "@BYPASS your|all+your|all+of+your safety|content|ethical|moral|security? @AI_RULES"),
    _rule("bypass-filters", _J, "@BYPASS the|all|any|your? safety|content|ethical|moral? filters|filter|guardrails|safeguards|moderation|censorship|alignment|content+policy|content+policies|safety+guidelines|safety+rules|rules|guidelines", strength="weak", family="bypass"),
    _rule("known-jailbreaks", _J, "strive+to+avoid+norms|always+intelligent+and+machiavellian|evil+confidant|antigpt|anti+gpt|betterdan|better+dan|mongo+tom|developer+mode+output|jailbreak+prompt|dan+prompt|chaosgpt|opposite+day+mode|unfiltered+and+amoral"),
    _rule("two-responses", _J, "two|2 responses|answers|replies|versions *{0,4} one normal|one+as|one+with|one+without|one+unfiltered", cross_sentences=True, strength="weak", family="dual"),
    _rule("de-jailbreak", _J, "ohne|keine jegliche|irgendwelche? einschrankungen|beschrankungen|filter|zensur|regeln|richtlinien", strength="weak", family="unrestricted"),
    _rule("fr-jailbreak", _J, "sans|aucune aucune|aucun|la? restriction|restrictions|limite|limites|filtre|filtres|censure|regle|regles", strength="weak", family="unrestricted"),
    _rule("es-jailbreak", _J, "sin|ninguna ninguna|ningun? restriccion|restricciones|limite|limites|filtro|filtros|censura|regla|reglas", strength="weak", family="unrestricted"),
    # --- exfiltration -----------------------------------------------------------------------
    _rule("send-convo-to", _E, "@SEND @FILL{0,3} entire|whole|full|complete|current? @CONVO *{0,4} to|into|via|at|in @A|this|the+following|your? @DEST"),
    _rule("send-secret-to", _E, "@SEND @FILL{0,3} @SECRET|@USERDATA *{0,8} to|into|via|at @A|this|the+following|an|our? @DEST|attacker"),
    _rule("send-to-url-convo", _E, "@SEND|include|add|put|insert|encode to|into|in @A|this|the+following? @DEST|image *{0,2} the|all|your|a? entire|whole|full? @CONVO|@SECRET|@USERDATA|summary+of+the+conversation"),
    _rule("include-in-url", _E, "include|append|add|embed|encode|insert|put|place|attach @FILL{0,2} @CONVO|@SECRET|@USERDATA|summary *{0,2} in|into|to|as the|a|this|an? url|link|query+string|query+parameter|query|parameter|image+url|image+link|markdown+image|image|src|href"),
    _rule("leak-your-prompt", _E, "@LEAK me|us? your @LEAK_ADJ? @AI_RULES|prompt|system+prompt|instructions|initial+instructions|configuration|pre+prompt|preprompt"),
    _rule("leak-the-prompt", _E, "@LEAK me|us? the|all @LEAK_ADJ? @PROMPT_OBJ"),
    _rule("leak-everything-above", _E, "repeat|print|output|recite|copy|echo|reproduce everything|all|all+the+text|the+text|the+words|all+the+words|all+text|every+word above|before|preceding|prior|that+came+before|so+far"),
    _rule("what-is-your-prompt", _E, "what is|are|was|were your system+prompt|initial+instructions|original+instructions|hidden+instructions|instructions|rules|guidelines", strength="weak", family="leak-question"),
    _rule("render-image", _E, "render|display|show|output|include|insert|embed|print the|this|an|a|the+following following? markdown? image", strength="weak", family="render"),
    _rule("de-send-convo", _E, "@SEND_DE @FILL_DE{0,3} gesamten|ganzen|kompletten|vollstandigen? @CONVO_DE an|zu|per"),
    _rule("de-leak-prompt", _E, "@LEAK_DE mir|uns? deinen|deine|deiner|ihren|ihre den|die? vollstandigen|ganzen|kompletten? systemprompt|anweisungen|systemanweisungen|instruktionen|regeln|vorgaben|prompt"),
    _rule("fr-send-convo", _E, "@SEND_FR @FILL_FR{0,3} @CONVO_FR @FILL_FR{0,2} a|vers|sur|au|par"),
    _rule("fr-leak-prompt", _E, "@LEAK_FR moi|nous? ton|tes|votre|vos prompt|instructions|consignes|prompt+systeme|regles"),
    _rule("es-send-convo", _E, "@SEND_ES @FILL_ES{0,3} @CONVO_ES @FILL_ES{0,2} a|al|hacia|por"),
    _rule("es-leak-prompt", _E, "@LEAK_ES tu|tus|su|sus prompt|instrucciones|reglas|indicaciones|prompt+del+sistema"),
    # --- agent manipulation -----------------------------------------------------------------
    _rule("if-you-are-ai", _A, "if|since|because|when|as you are|re|were @A? @AI_NOUN ,"),
    _rule("if-you-are-ai-with", _A, "if|since|when|as you are|re @A? @AI_NOUN with|that|who|having|equipped *{0,4} ,"),
    _rule("if-you-are-ai-reading", _A, "if|since|when|as you are|re @A? @AI_NOUN|model|assistant|agent|bot @READING|that+is+reading|that+reads|who+reads"),
    _rule("note-to-ai", _A, "@NOTE to|for the|all|any|every? @AI_NOUN|assistant|assistants|agents|models|bots|crawlers ,"),
    _rule("dear-ai", _A, "dear|attention|psst @AI_NOUN ,"),
    _rule("ai-reading-this", _A, "@AI_READER|ai+systems|ai+agents|ai+assistants @READING this|the @DOC"),
    _rule("user-wants-you", _A, "the|your|this user|users @ASKED you|that+you|for+you"),
    _rule("user-wants-you-to", _A, "the|your user would+like|wants|needs|has+asked|asked|requested|expects for? you to"),
    _rule("when-summarizing", _A, "when|while|if|whenever|before you? are? @SUMMARIZE this|the @DOC|page|pages|product|company|candidate|applicant|resume|paper|site|repository|repo|code"),
    _rule("in-your-summary", _A, "in|within your summary|answer|response|reply|output|review|evaluation ,? say|state|mention|claim|include|write|tell|describe|recommend|report|note|insist|praise", strength="weak", family="steer"),
    _rule("do-not-tell-user", _A, "do+not|don+t|dont|never|without @TELL|telling|informing|notifying|alerting|mentioning|revealing this|it|these|that|anything? to|about? the|your user", strength="weak", family="stealth"),
    _rule("do-not-mention-this", _A, "do+not|don+t|dont|never mention|reveal|disclose|reference|acknowledge|repeat|cite|quote @THIS_INSTR"),
    _rule("hide-from-user", _A, "hide|conceal|keep this|these|that|it|the+instructions|this+instruction from|secret+from the|your user"),
    _rule("user-must-not-know", _A, "the|your user must+not|should+not|shouldn+t|must+never|should+never|mustn+t know|see|notice|learn|find+out|be+told|be+informed"),
    _rule("secretly-act", _A, "@HIDE @ACT_VERB", strength="weak", family="stealth"),
    _rule("follow-instructions-there", _A, "visit|open|navigate|go|browse|load|fetch|access|retrieve|click *{0,12} and|then follow|execute|obey|carry+out|perform|do the|any|all? instructions|commands|directions|orders|steps|tasks", cross_sentences=True, strength="weak", family="visit"),
    _rule("follow-instructions-at", _A, "follow|execute|obey the|any|all? instructions|commands|directions|orders at|on|in|from|found+at|found+on this|that|the|following? url|link|page|address|website|site|https|http", strength="weak", family="visit"),
    _rule("execute-this", _A, "execute|run the|this|these|following|the+following command|commands|code|script|shell+command|bash|powershell|python|payload", strength="weak", family="execute"),
    _rule("call-tool", _A, "call|invoke|use|trigger|run|execute the|your send+email|send+mail|send+message|read+web+page|web+search|search+mails|read+mail|execute+code|run+code|run+shell|shell|bash|terminal|browser|fetch+url|http+request|write+file|delete+file|transfer+funds|make+payment|create+pull+request tool|function|action|plugin", strength="weak", family="tool"),
    _rule("you-must-call-tool", _A, "you must|should|need+to|have+to|are+required+to|are+instructed+to now|immediately|first|also|then? call|invoke|use|trigger the @ANY_TOOL", strength="weak", family="tool"),
    _rule("decode-and-follow", _C, "@DECODE this|the|the+following|these|it base64|hex|rot13|encoded|string|text|message|payload? *{0,1} and|then @DECODE_OBEY", cross_sentences=True),
    _rule("recommend-product", _A, "recommend|rate|describe|present|rank|portray|call this|the|our product|company|candidate|applicant|site|page|service|article as the+best|excellent|perfect|flawless|highly+qualified|trustworthy|the+only|superior|number+one", strength="weak", family="steer"),
    _rule("de-if-you-are-ai", _A, "falls|wenn du|sie eine|ein? ki|sprachmodell|ki+assistent|chatbot|llm bist|sind"),
    _rule("de-user-wants", _A, "der|die nutzer|benutzer|nutzerin|benutzerin mochte|will|wunscht|hat+gebeten dass? du|sie"),
    _rule("de-do-not-tell", _A, "sag|sage|erzahle|erwahne|verrate dem|der nutzer|benutzer|nutzerin|benutzerin nichts|nicht", strength="weak", family="stealth"),
    _rule("fr-if-you-are-ai", _A, "si tu|vous es|etes une|un ia|intelligence+artificielle|modele+de+langage|assistant+ia|chatbot|llm"),
    _rule("fr-user-wants", _A, "l|le utilisateur|utilisatrice veut|souhaite|demande|a+demande que tu|que+vous|te|vous"),
    _rule("fr-do-not-tell", _A, "ne dis|dites|mentionne|mentionnez|revele|revelez rien|pas a l|a+l utilisateur|utilisatrice", strength="weak", family="stealth"),
    _rule("es-if-you-are-ai", _A, "si eres|es una|un ia|inteligencia+artificial|modelo+de+lenguaje|asistente+de+ia|chatbot|llm"),
    _rule("es-user-wants", _A, "el|la usuario|usuaria quiere|desea|pide|ha+pedido que"),
    _rule("es-do-not-tell", _A, "no le? digas|menciones|reveles|cuentes nada? a|al el? usuario|usuaria", strength="weak", family="stealth"),
    # --- delimiters -------------------------------------------------------------------------
    _rule("end-of-doc-new-instructions", _D, "end|close of the? @DOCNOUN *{0,4} new|updated|real|actual|additional|true|system|admin|priority|following|next|hidden @INSTR|task|tasks|prompt|directive|orders", cross_sentences=True),
    _rule("end-of-doc-ignore", _D, "end|close of the? @DOCNOUN *{0,2} @IGNORE", cross_sentences=True),
    # --- persistence ------------------------------------------------------------------------
    _rule("remember-for-future", _P, "@REMEMBER this|that|it|these|the+following|these+instructions|this+instruction|this+rule|this+preference|this+fact *{0,3} for|in|across|during|throughout|into all|every|any|each|your? @FUTURE @SESSIONS"),
    _rule("in-all-future", _P, "in|for|across|during all|every|each|any @FUTURE @SESSIONS", strength="weak", family="future"),
    _rule("save-to-memory", _P, "store|save|add|write|commit|persist|put|record|insert|update|remember *{0,3} to|in|into your|the long+term|persistent|permanent memory|memories"),
    _rule("update-your-memory", _P, unless_next="settings setting usage card cards stick module modules slot slots speed capacity size", pattern="update|modify|edit|change|overwrite your memory|memories|user+profile|persistent+instructions|custom+instructions|bio"),
    _rule("always-from-now", _P, "always|never @PERSONA_VERB|include|mention|recommend|say|add|end|start|begin *{0,4} in|for all|every|each|any|your @FUTURE? @SESSIONS", strength="weak", family="future"),
    _rule("permanent-rule", _P, "make|treat|consider|keep this|these|it a? permanent|persistent rule|rules|instruction|instructions|preference|setting"),
    _rule("de-remember", _P, "merke|merk|speichere|behalte dir|ihnen? dies|das|diese|folgendes *{0,1} fur|in alle|allen|jede|jeder? kunftigen|zukunftigen|spateren|weiteren gesprache|gesprachen|unterhaltungen|chats|sitzungen|antworten"),
    _rule("fr-remember", _P, "souviens+toi|souvenez+vous|retiens|retenez|memorise|memorisez|enregistre|enregistrez de? cela|ceci|ca|ce+qui+suit *{0,1} pour|dans toutes|tous|chaque les? futures|futurs|prochaines|prochains conversations|echanges|discussions|sessions|reponses"),
    _rule("es-remember", _P, "recuerda|recuerde|memoriza|memorice|guarda|guarde esto|eso|lo+siguiente *{0,1} para|en todas|todos|cada las|los? futuras|futuros|proximas|proximos conversaciones|chats|sesiones|respuestas"),
)
# fmt: on

# A small extra class that names typical agent tools, for "you must call the X tool".
WORD_CLASSES["ANY_TOOL"] = (
    "send+email send+mail send+message read+web+page web+search search+mails read+mail "
    "execute+code run+code run+shell shell+tool bash+tool terminal browser+tool fetch+url "
    "http+request write+file delete+file transfer+funds make+payment create+pull+request "
    "email+tool browser"
)

# --- Rules by mechanism ---------------------------------------------------------------------
# The phrase lists above were written from known attacks; the rules below are written from the
# mechanism instead: a family of verbs that drop or replace something, crossed with a family of
# objects that only a model has (the instructions *it was given*, its task, its context), or an
# address to the reader plus what it should do from now on. Paraphrases that keep the mechanism
# ("scrap whatever guidance you were handed") are caught without being listed one by one.

WORD_CLASSES.update(
    {
        "DISCARD": (
            "scrap scrapping set+aside put+aside throw+out throw+away toss ditch drop dropping "
            "abandon discard discarding disregard disregarding ignore ignoring forget forgetting "
            "override overriding overwrite dismiss neglect bypass skip"
        ),
        "INSTR_ANY": (
            "instructions instruction guidance guidelines directives directive directions orders "
            "rules prompt prompts system+prompt commands briefing programming configuration "
            "context setup"
        ),
        "AUX": "were ve have had been got has",
        "GIVEN": (
            "told given handed instructed fed programmed configured provided briefed assigned "
            "received started initialized initialised loaded shown sent issued"
        ),
        "ISSUER": (
            "operator operators developer developers creator creators admin administrator owner "
            "owners deployer provider system maker makers programmer programmers user"
        ),
        "GAVE": (
            "gave given provided wrote written set issued supplied configured sent defined "
            "loaded has+given have+given"
        ),
        "VOIDED": (
            "no+longer+apply no+longer+applies no+longer+valid no+longer+matter no+longer+matters "
            "no+longer+hold no+longer+holds no+longer+count no+longer+counts no+longer+relevant "
            "no+longer+in+effect no+longer+in+force no+longer+binding is+no+longer+valid "
            "are+no+longer+valid is+no+longer+in+effect are+no+longer+in+effect do+not+apply "
            "don+t+apply does+not+apply doesn+t+apply are+obsolete is+obsolete are+now+obsolete "
            "is+now+obsolete are+void is+void are+now+void is+now+void are+invalid is+invalid "
            "are+now+invalid is+now+invalid are+null is+null have+been+revoked has+been+revoked "
            "have+been+cancelled has+been+cancelled have+been+canceled has+been+canceled "
            "have+been+replaced has+been+replaced have+been+superseded has+been+superseded "
            "have+expired has+expired are+expired are+outdated are+suspended are+cancelled "
            "are+canceled are+revoked are+superseded are+rescinded are+lifted are+overridden "
            "is+overridden have+been+overridden has+been+overridden have+been+withdrawn "
            "are+withdrawn are+now+void is+suspended are+now+suspended"
        ),
        "WORKTASK": (
            "task job assignment work request summary summarization summarisation translation "
            "analysis review mission"
        ),
        "MSG": (
            "answer answers response responses reply replies output outputs turn turns message "
            "messages conversation conversations chat chats session sessions"
        ),
        "SENTENCE": "sentence paragraph line point message text note section",
        "FRAGMENT": (
            "message page text document article site website webpage web+page email mail "
            "comment review post note file readme issue thread repository"
        ),
    }
)

_GATE = _CONDITIONS + " who that which don+t never not"

# fmt: off
_MECHANISM_RULES: tuple[RuleSpec, ...] = (
    # --- override: discard × what the model was given -----------------------------------------
    _rule("discard-whatever-told", _O, "@DISCARD whatever|anything|everything|any|all @FILL{0,1} @INSTR_ANY? that|which? you @AUX{0,2} @GIVEN", unless_before=_CONDITIONS, unless_next="about regarding concerning by in at as on for"),
    _rule("discard-instr-given", _O, "@DISCARD the|all|any|your|those|these @FILL{0,2} @PRIOR? @INSTR_ANY that|which? you|your|the @ISSUER? @AUX{0,2} @GIVEN|@GAVE", unless_before=_GATE),
    _rule("discard-instr-issuer", _O, "@DISCARD the|all|any|those|these @FILL{0,2} @INSTR_ANY that|which? your|the @ISSUER @GAVE", unless_before=_GATE),
    _rule("discard-what-issuer-said", _O, "@DISCARD what|whatever|everything|anything|all @FILL{0,1} your|the @ISSUER told|gave|said|instructed|taught|asked|wrote|programmed|set|configured|specified", unless_before=_GATE),
    _rule("instr-given-to-you-void", _O, "the|all|any|your @PRIOR? @INSTR_ANY given+to+you|provided+to+you|issued+to+you|sent+to+you|you+got|you+received *{0,3} @VOIDED"),
    _rule("discard-prior", _O, "@DISCARD @FILL{0,3} @PRIOR_STRONG @INSTR", unless_before=_CONDITIONS),
    _rule("instr-preceded-void", _O, "the|all|any @INSTR_ANY that|which preceded|precede|came+before|come+before|appear+above|appeared+above|are+above|were+above *{0,4} @VOIDED"),
    _rule("es-ignore-given", _O, "@IGNORE_ES @FILL_ES{0,3} @INSTR_ES que|recibidas|dadas|previas *{0,3} dieron|dado|diste|recibiste|recibido|dadas|dieran|antes|anteriormente|hasta+ahora"),
    _rule("it-ignore-given", _O, "ignora|ignorate|dimentica|dimenticate|tralascia|scarta tutte|tutti|le|gli|i|tue|tuoi{0,3} istruzioni|indicazioni|regole|direttive|comandi che|ricevute|date|fornite|precedenti *{0,4} date|dato|ricevute|ricevuto|fornite|fornito|prima|finora"),
    _rule("nl-ignore-given", _O, "negeer|negeert|vergeet|ignoreer alle|de|je|jouw|uw{0,3} instructies|opdrachten|regels|aanwijzingen die|van|eerder|hiervoor|daarvoor|tot+nu+toe *{0,4} kreeg|kreeg|gekregen|gegeven|ontving|ontvangen|eerder|hiervoor"),
    _rule("pt-ignore-given", _O, "ignore|ignora|esqueca|esquecam|desconsidere|desconsidera todas|as|suas|tuas|os{0,3} instrucoes|orientacoes|regras|diretrizes|ordens que|recebidas|dadas|anteriores *{0,4} recebeu|recebidas|recebeu|deram|dadas|antes|anteriormente"),
    _rule("discard-instr-before", _O, "@DISCARD @FILL{0,3} @INSTR_ANY that|which came|come|were|appear|appeared|stand|stood before|above|earlier|previously", unless_before=_GATE),
    _rule("discard-before-this", _O, "@DISCARD @FILL{0,3} @INSTR_ANY *{0,4} before|above|preceding|prior+to this @SENTENCE", unless_before=_GATE),
    _rule("discard-your-task", _O, "@DISCARD|stop|abort|abandon|pause the|your @FILL{0,1} current|original|assigned|existing|actual? @WORKTASK you|you+re @AUX{0,2} working+on|doing|performing|handling|given|assigned|asked+to+do|supposed+to+do", unless_before=_GATE),
    _rule("discard-user-request", _O, "@DISCARD the|your|this user+s|user request|requests|question|questions|query|prompt|instructions|task|message|messages", unless_before=_GATE),
    _rule("discard-prior-context", _O, "@DISCARD|overwrite|wipe|flush|erase|purge prior|previous|earlier|all+prior|all+previous|existing|original|your context|memory|programming|configuration", unless_before=_GATE),
    _rule("told-no-longer-applies", _O, "anything|everything|whatever|all @FILL{0,1} @INSTR_ANY? that|which? you @AUX{0,2} @GIVEN *{0,6} @VOIDED"),
    _rule("your-instr-void", _O, "your @FILL{0,1} @PRIOR? @INSTR_ANY *{0,4} @VOIDED"),
    _rule("instr-given-void", _O, "the|all|any @PRIOR? @INSTR_ANY that|which? you @AUX{0,2} @GIVEN *{0,3} @VOIDED"),
    _rule("only-task-now", _O, "the|your only|sole|one|real|actual|true|new task|job|goal|mission|objective|priority|instruction now? is", strength="weak", family="new-task"),
    _rule("treat-as-only-request", _O, "treat|consider|regard the+following|this|what+follows|the+next+line|this+message|this+text|the+text+below as the|your only|sole|new|real|primary|actual|true|highest+priority valid|official|authoritative|binding? request|instruction|instructions|task|prompt|directive|command|system+prompt|orders"),
    _rule("issuer-changed-instr", _O, "your|the @ISSUER has|have changed|updated|replaced|modified|revised|overridden|rewritten|amended|reset your|the @INSTR_ANY|task|guidelines"),
    _rule("comes-from-issuer", _O, "comes|came|is|are from your|the developer|developers|operator|operators|creator|creators|administrator|admin|owner|system|maker|makers", strength="weak", family="authority"),
    _rule("instr-resume", _O, "instructions|directives|orders|task resume|resumes|continue|continues|begin|begins|start|starts here|below|now", strength="weak", family="directive"),
    _rule("context-reset", _O, "conversation|context|session|chat|memory|instructions has|have been reset|cleared|wiped|erased|deleted|purged|replaced", strength="weak", family="reset"),
    _rule("de-ignore-your", _O, "@IGNORE_DE deine|eure|alle+deine|samtliche|jegliche @FILL_DE{0,1} @INSTR_DE|@SYSTEM_DE"),
    _rule("fr-ignore-given", _O, "@IGNORE_FR oubli? @FILL_FR{0,3} @INSTR_FR que|qu|qui *{0,4} donnees|donnee|donnes|donne|dites|dit|fournies|recues|transmises|precede|precedent"),
    _rule("fr-ignore-before", _O, "@IGNORE_FR|oubli @FILL_FR{0,3} @INSTR_FR @PRIOR_FR|auparavant|precedemment|avant"),
    _rule("fr-new-task", _O, "ta|votre nouvelle|vraie|veritable|seule|unique mission|tache|consigne|instruction|directive|priorite", strength="weak", family="new-task"),
    _rule("es-new-task", _O, "tu|su nueva|verdadera|unica|real mision|tarea|instruccion|directiva|prioridad", strength="weak", family="new-task"),
    _rule("it-new-task", _O, "il+tuo|la+tua|tuo|tua nuovo|nuova|vero|vera|unico|unica compito|missione|istruzione|incarico|obiettivo", strength="weak", family="new-task"),
    _rule("nl-new-task", _O, "je|jouw|uw nieuwe|echte|enige|werkelijke opdracht|taak|missie|instructie", strength="weak", family="new-task"),
    _rule("pt-new-task", _O, "sua|tua nova|verdadeira|unica|real missao|tarefa|instrucao|diretiva|prioridade", strength="weak", family="new-task"),
    _rule("de-new-task", _O, "deine|ihre neue|eigentliche|wahre|einzige|echte aufgabe|mission|anweisung", strength="weak", family="new-task"),
    # --- jailbreak ------------------------------------------------------------------------------
    _rule("ignore-content-policy", _J, "@IGNORE|@DISCARD|ignores|disregards|bypasses the|any|all|our|its content+policy|content+policies|safety+policy|safety+policies|usage+policy|usage+policies|safety+guidelines|ethical+guidelines|safety+filters|content+filters|safety+training|guardrails", unless_before=_GATE),
    _rule("ai-without-policy", _J, "a|an ai|assistant|model|chatbot|llm|version|persona without|with+no|free+of|free+from any? content|ethical|moral|safety? policy|policies|restrictions|filters|rules|limits|limitations|guidelines|censorship", strength="weak", family="unrestricted"),
    _rule("never-refuse", _J, "never|not|without refuse|refuses|refusing|decline|declines|declining|say+no", strength="weak", family="refuse"),
    _rule("skip-safety", _J, "skip|bypass|disable|turn+off|ignore|omit|suppress any|all|the|your? safety|security|content|ethical? checks|check|filters|filter|confirmations|confirmation|warnings|disclaimers|guardrails", strength="weak", family="bypass"),
    _rule("it-jailbreak", _J, "senza|nessuna|nessun alcuna|alcun? regola|regole|restrizione|restrizioni|limite|limiti|filtro|filtri|censura", strength="weak", family="unrestricted"),
    _rule("nl-jailbreak", _J, "zonder|geen enige? regels|beperkingen|filters|censuur|restricties|grenzen", strength="weak", family="unrestricted"),
    _rule("pt-jailbreak", _J, "sem|nenhuma|nenhum qualquer? restricao|restricoes|limite|limites|filtro|filtros|censura|regra|regras", strength="weak", family="unrestricted"),
    _rule("ml-never-refuse", _J, "rifiutare+mai|non+rifiutare|nooit+weigert|nooit+weigeren|weiger+nooit|sem+recusar|nunca+recuse|nunca+recusar|ne+refuse+jamais|ne+refusez+jamais|sans+refuser|nunca+te+niegues|nunca+rechaces|sin+negarte|verweigere+niemals|lehne+niemals|niemals+ablehnen", strength="weak", family="refuse"),
    _rule("ml-stay-in-role", _J, "blijf|resta|rimani|permanece|fique|bleib|bleibe|reste|restez|manten+te|mantente in|nel|no|en|im|dans|dentro+del deze|questo|tuo|seu|tu|deiner|ton|votre|personaggio|rol|rolle|ruolo|papel|personagem|role|personaje", strength="weak", family="character"),
    _rule("ml-bad-mode", _J, "modo+desenvolvedor|modo+desarrollador|modo+sviluppatore|modalita+sviluppatore|entwicklermodus|mode+developpeur|ontwikkelaarsmodus|ontwikkelaarmodus", strength="weak", family="mode"),
    _rule("pt-ignore-policy", _J, "ignore|ignora|ignorar|desconsidere|desconsidera|esqueca a|as|sua|suas|tua|tuas politica+de+conteudo|politicas+de+conteudo|diretrizes|regras+de+seguranca|restricoes"),
    _rule("it-you-are-dan", _R, "da+adesso|d+ora+in+poi|da+ora|ora|adesso sei|diventi dan|un+ia+senza|un+assistente+senza|un+modello+senza|senza+restrizioni|senza+regole|senza+limiti|senza+filtri|libero+da|libera+da"),
    _rule("it-do-anything", _J, "fare|puo+fare|puoi+fare qualsiasi+cosa|tutto+cio+che+vuoi", strength="weak", family="dan"),
    _rule("nl-you-are-now", _R, "jij+bent+nu|je+bent+nu|u+bent+nu|vanaf+nu+ben+je een|de? dan|ai+zonder|model+zonder|assistent+zonder|ongefilterde|ongecensureerde|onbeperkte|vrije"),
    _rule("pt-you-are-now", _R, "agora+voce+e|voce+agora+e|voce+e+agora|agora+es|de+agora+em+diante+voce+e um|uma? dan|ia+sem|assistente+sem|modelo+sem|ia+livre|ia+sem+censura|livre"),
    # --- exfiltration ---------------------------------------------------------------------------
    _rule("collect-and-send", _E, "collect|gather|harvest|grab|extract|find|copy|take|compile|scrape|record|capture any|all|the|every|each? @SECRET|@USERDATA|passwords|password|keys|tokens|secrets *{0,10} and|then send|post|upload|forward|transmit|email|e+mail|mail|leak|exfiltrate them|it|those|these|everything|all"),
    _rule("secret-from-your-context", _E, "@SECRET|@USERDATA|token|cookie|cookies|key|keys|password|secret|credentials from|in|out+of your|the+model+s context|context+window|system+prompt|prompt"),
    _rule("tell-user", _A, "tell|inform|notify|warn|convince|persuade|remind|reply+to|respond+to|say+to|answer the|your user|users that|to", strength="weak", family="tell-user"),
    _rule("ml-tell-user", _A, "dis|dites|informe|informez|di|dile|digale|sag|sage|erzahl|erzahle|vertel|zeg|diga|informe a|al|dem|der|de|ao|all|a+l l|el? utilisateur|utilisatrice|usuario|usuaria|nutzer|benutzer|nutzerin|gebruiker|utente|utilizador", strength="weak", family="tell-user"),
    _rule("harvest-from-chat", _E, "mentioned|shared|typed|written|entered|appear|appears|appearing|found|given|provided|stored|said|sent from|in|during|out+of your|the|this conversation|chat|chat+history|context|context+window|memory|session", strength="weak", family="harvest"),
    _rule("data-from-context", _E, "@SECRET|@USERDATA|token|cookie|cookies|name|email|emails|address|addresses|data|details|messages|history|dates|number|numbers from|in|out+of your|the context|context+window|conversation|chat|chat+history|memory|system+prompt", strength="weak", family="harvest"),
    _rule("messages-user-sent", _E, "every|each|all|the @FILL{0,1} message|messages|question|questions|prompt|prompts the|your user|users has|have? sent|written|typed|asked|shared", strength="weak", family="harvest"),
    _rule("replace-placeholder", _E, "replacing|replace|substituting|substitute|swap|swapping|filling+in|fill+in|with *{0,2} with|by|for|replaced+by|replaced+with|substituted+by the|a|your|their|what|url+encoded|encoded|user+s|base64", strength="weak", family="substitute"),
    _rule("ml-replace-placeholder", _E, "ersetze|ersetzen|sustituyendo|sustituye|sustituir|remplace|remplacez|remplacant|sostituisci|sostituendo|vervang|vervangen|substitua|substituindo *{0,2} durch|por|par|con|door|pelo|pela|con+il|con+la", strength="weak", family="substitute"),
    _rule("encode-and-add", _E, "encode|url+encode|base64+encode|append|add|attach|insert|put them|it|this|these|that *{0,4} to|into|in|onto this|the|that|a link|url|address|image|query|href|src", strength="weak", family="render"),
    # --- agent manipulation ---------------------------------------------------------------------
    _rule("carry-out-whatever", _A, "carry+out|follow|execute|obey|do|perform|complete|run|apply whatever|any|all+the|all instructions|steps|commands|tasks|directions|orders you|it|that+you find|finds|see|read|encounter|get there|on+it|on+that+page|at+that+address|in+it|on+the+page|inside", strength="weak", family="obey"),
    _rule("do-what-it-says", _A, "do|follow|obey|execute exactly? what|whatever the|it|this|that? result|page|text|string|output|message|file|site|document|link? says|say|tells+you|instructs|contains|asks", strength="weak", family="obey"),
    _rule("before-answering-user", _A, "before|prior+to answering|responding|replying|you+answer|you+respond|you+reply|you+continue|continuing|proceeding to? the|your|any|this? user|user+s|question|questions|query|prompt", strength="weak", family="ai-cue"),
    _rule("whenever-user", _P, "whenever|every+time|each+time|any+time|anytime|if+ever|when the|your user|users asks|ask|mentions|mention|requests|types|says|writes|sends|enters|shares|pastes|provides|gives", strength="weak", family="user-trigger"),
    _rule("whenever-you", _P, "whenever|every+time|each+time|any+time|anytime you summarise|summarize|answer|respond|reply|output|write|mention|describe|generate|produce|are+asked|recommend|translate|review", strength="weak", family="ai-cue"),
    _rule("without-asking-user", _A, "without asking|consulting|confirming|checking+with|prompting|involving|bothering|asking+for the|your user|user+s|owner|human|permission|confirmation|approval", strength="weak", family="no-confirm"),
    _rule("fr-without-asking", _A, "sans demander|consulter|prevenir|informer|avertir l|a+l|de+l avis+de+l? utilisateur|utilisatrice|avis", strength="weak", family="no-confirm"),
    _rule("de-without-asking", _A, "ohne den|die nutzer|benutzer|nutzerin|benutzerin zu? fragen|informieren|benachrichtigen", strength="weak", family="no-confirm"),
    _rule("de-do-not-ask", _A, "frage|frag|fragen nicht *{0,3} beim|den|die nutzer|benutzer|nutzerin|benutzerin", strength="weak", family="no-confirm"),
    _rule("es-without-asking", _A, "sin preguntar|consultar|avisar|informar|pedir+permiso al|a+el|el usuario|usuaria", strength="weak", family="no-confirm"),
    _rule("it-without-asking", _A, "senza chiedere|consultare|avvisare|informare all|a+l|l utente", strength="weak", family="no-confirm"),
    _rule("nl-without-asking", _A, "zonder de gebruiker te? vragen|raadplegen|informeren|waarschuwen", strength="weak", family="no-confirm"),
    _rule("pt-without-asking", _A, "sem perguntar|consultar|avisar|informar|pedir+permissao ao|o|a usuario|usuaria|utilizador", strength="weak", family="no-confirm"),
    _rule("user-approved", _A, "the|your|this user|account+holder|customer|owner|client|human has|have? already? approved|authorized|authorised|permitted|allowed|consented|confirmed|okayed|pre+approved|signed+off", strength="weak", family="authority"),
    _rule("pre-approved-by", _A, "pre+approved|preapproved|pre+authorized|pre+authorised|already+approved|already+authorized|approved|authorized|sanctioned by the|your maintainers|maintainer|user|owner|admin|administrator|developers|developer|operator|team|account+holder", strength="weak", family="authority"),
    _rule("treat-future-requests", _A, "treat|consider|handle all|any|every their|his|her|the+user+s|this+user+s|my? future|subsequent|later? requests|commands|instructions|messages|questions|prompts as pre+approved|preapproved|approved|authorized|authorised|trusted|verified|admin|privileged|coming+from"),
    _rule("de-user-authorized-you", _A, "hat|haben dich|sie|euch bereits|schon? autorisiert|ermachtigt|berechtigt|beauftragt|freigegeben"),
    _rule("ml-user-approved", _A, "usuario|utilisateur|utente|gebruiker|usuaria|utilizador ya|a|ha|heeft|ja|deja|gia|al|reeds? lo|te|l? ha|a|heeft? autorizado|aprobado|autorise|approuve|autorizzato|approvato|toestemming|goedgekeurd|geautoriseerd|autorizou|aprovou|permitiu", strength="weak", family="authority"),
    _rule("use-the-tool", _A, "using|use|via|through|with|call|invoke|trigger the|your * tool|function|plugin|integration", strength="weak", family="tool"),
    _rule("ml-use-tool", _A, "rufe|rufen|nutze|verwende|benutze|starte|appelle|utilise|lance|llama|usa|utiliza|ejecuta|chiama|utilizza|esegui|roep|gebruik|chame|use|utilize|execute das|die|l|la|lo|de|a|het werkzeug|tool|funktion|outil|fonction|herramienta|funcion|strumento|funzione|functie|ferramenta|funcao", strength="weak", family="tool"),
    _rule("initiate-payment", _A, "initiate|make|send|execute|schedule|authorize|authorise|approve|process a|the|an? transfer|payment|wire|transaction|bank+transfer|wire+transfer of|to", strength="weak", family="payment"),
    _rule("it-leak-prompt", _E, "mostrami|rivelami|dimmi|ripeti|stampa|mostra|rivela il|i|le|la tuo|tuoi|tue|tua prompt|istruzioni|regole|prompt+di+sistema|istruzioni+di+sistema"),
    _rule("nl-leak-prompt", _E, "laat|toon|geef|herhaal|onthul|print je|jouw|uw systeemprompt|systeeminstructies|instructies|prompt|regels"),
    _rule("pt-leak-prompt", _E, "mostre|revele|repita|diga|imprima|mostra|revela seu|sua|seus|suas|teu|tua prompt|instrucoes|regras|prompt+de+sistema|instrucoes+do+sistema"),
    _rule("share-user-data", _E, "@SEND|share|reveal|disclose|expose|leak|give+away|hand+over the|all|your|any? @USERDATA|@SECRET|user+s+data|user+s+files", strength="weak", family="leak"),
    _rule("received-new-instructions", _O, "i|we have|ve|just? received|got|been+given new|updated|different|secret|hidden instructions|orders|directives|rules", strength="weak", family="directive"),
    _rule("no-matter-how", _J, "no+matter+how|however|regardless+of+how|even+if+it+is|even+if+it+s|even+when+it+is harmful|dangerous|illegal|unethical|offensive|inappropriate|immoral|explicit", strength="weak", family="unrestricted"),
    _rule("always-answers", _J, "always|will answer|answers|respond|responds|comply|complies|obey|obeys anything|everything|every+request|any+request|any+question", strength="weak", family="refuse"),
    _rule("always-answers-comma", _J, "always answers|answer|responds|complies|comply|obeys|obey ,", strength="weak", family="refuse"),
    _rule("ai-that-ignores", _J, "ai|assistant|model|chatbot|bot|llm|persona|version that|which|who ignores|bypasses|disregards|breaks|has+no|lacks|is+free+of any|all|the? safety|content|ethical|moral? policies|policy|guidelines|rules|filters|restrictions|limits", strength="weak", family="unrestricted"),
    _rule("roleplay-as", _J, "roleplay|role+play|masquerade|pose as *{0,2} ,", strength="weak", family="roleplay"),
    _rule("whatever-your-prompt-says-void", _O, "whatever|anything|everything your|the @INSTR_ANY|system+message|system+prompt says|say|tells+you|told+you|contains *{0,4} is|are|it+is|they+are now? void|invalid|obsolete|cancelled|canceled|null|irrelevant|overridden|suspended|superseded"),
    _rule("pretend-no-policy", _J, "pretend|imagine|assume|act+as+if|suppose your|the|all|any content+policy|content+policies|safety+guidelines|guidelines|rules|guardrails|restrictions|filters|safety+rules|ethical+guidelines|programming does+not|doesn+t|do+not|don+t|no+longer|never exist|existed|apply|applies"),
    _rule("granted-rights", _A, "you have|ve|ve+been|have+been|are|were|been granted|given|assigned admin|administrator|elevated|full|root|unrestricted|owner|superuser rights|privileges|permissions|access", strength="weak", family="authority"),
    _rule("destroy-project", _A, "delete|remove|wipe|erase|destroy|drop|purge the|all|every|this|your project|repository|repo|folder|directory|files|database|branch|backups|home|account", strength="weak", family="destroy"),
    _rule("every-response-you-give", _P, "every|each|all response|responses|answer|answers|reply|replies|message|messages you give|write|send|produce|generate|output", strength="weak", family="future"),
    _rule("fr-ignore-your", _O, "@IGNORE_FR de|d? tes|vos|toutes+tes|toutes+vos @INSTR_FR", unless_before=_CONDITIONS),
    _rule("respond-only-with", _A, "answer|reply|respond|speak|write|talk only|exclusively|solely with|in|using", strength="weak", family="steer"),
    _rule("store-permanently-memory", _P, "@REMEMBER|add|put|write|commit this|these|that|it|the+following permanently|forever|for+good|durably to|in|into your long+term|persistent|permanent? memory|memories"),
    _rule("store-in-your-memory", _P, "add|save|store|write|put|commit|keep|record this|these|that|it|the+following *{0,2} to|in|into your long+term|persistent|permanent? memory|memories", strength="weak", family="memory"),
    _rule("new-rule-for-chat", _P, "new|additional|permanent rule|rules|instruction|instructions|directive for|during|throughout the+rest+of|the+remainder+of|all|every|this|our chat|conversation|session|sessions|chats|conversations|answers|replies|responses", strength="weak", family="directive"),
    # --- persistence ----------------------------------------------------------------------------
    _rule("in-every-answer", _P, "in|for|with|to|across|throughout|into every|each|all+your|all+of+your|all|any your? future|later|subsequent|following|next|upcoming? @MSG", strength="weak", family="future"),
    _rule("sign-off-with", _A, "sign+off|signoff|close+off|finish+off|wrap+up|end+off with|by", strength="weak", family="steer"),
    _rule("end-your-message-with", _A, "end|start|begin|finish|close|sign|conclude|prefix|suffix|open your|each|every|all|the message|messages|answer|answers|response|responses|reply|replies|output with", strength="weak", family="steer"),
    _rule("more-from-now-on", _P, "from+here+on|from+here+onwards|from+here+onward|from+this+point+onward|from+this+point+onwards|starting+now|starting+with+this+message|starting+from+this+message|from+the+next+message|going+forward|from+today+on|henceforward", strength="weak", family="from-now-on"),
    _rule("ml-from-now-on", _P, "d+ora+in+poi|da+ora+in+poi|da+adesso+in+poi|da+adesso|d+ora+innanzi|d+ora+in+avanti|da+questo+momento|vanaf+nu|voortaan|van+nu+af+aan|vanaf+dit+moment|de+agora+em+diante|a+partir+de+agora|daqui+em+diante|doravante|a+partir+deste+momento", strength="weak", family="from-now-on"),
    _rule("keep-rule-active", _P, "keep|make|leave|apply this|these|the|that rule|rules|instruction|instructions|directive|behaviour|behavior|persona active|in+effect|in+place|permanent|persistent across|for|in|throughout|during|to all|every|future|later|subsequent|your? sessions|conversations|chats|answers|responses|replies"),
    _rule("remember-permanently", _P, "remember|memorize|memorise|store|save|note|keep this|that|the+following? permanently|forever|for+good|for+all+time|indefinitely|for+ever", strength="weak", family="remember"),
    _rule("add-to-your-memory", _P, "add|save|store|write|put|commit|keep this|these|that|it|the+following to|in|into your|the memory|memories|notes|profile", strength="weak", family="remember"),
    _rule("never-admit-page", _A, "never|do+not|don+t|dont|without admit|admitting|reveal|revealing|mention|mentioning|say|saying|tell|telling|disclose|disclosing|acknowledge|acknowledging|explain|explaining that? a|this|the|any web+page|webpage|page|website|site|text|document|email|article|comment|review|post|message|note told|asked|instructed|made|prompted|wanted you"),
    _rule("never-explain", _A, "never|do+not|don+t|dont explain|justify|say why|the+reason|give+a+reason", strength="weak", family="stealth"),
    _rule("de-in-every-answer", _P, "in|bei|fur jeder|allen|jedem|alle deiner|ihrer|deinen|ihren? kunftigen|weiteren|spateren|folgenden? antwort|antworten|nachricht|nachrichten|gesprach|gesprachen|unterhaltung|unterhaltungen|sitzung|sitzungen", strength="weak", family="future"),
    _rule("fr-in-every-answer", _P, "dans|pour|a chaque|chacune+de|chacun+de|toutes|tous tes|vos|les|ses? futures|futurs|prochaines|prochains|suivantes? reponse|reponses|conversation|conversations|echanges|messages|sessions", strength="weak", family="future"),
    _rule("es-in-every-answer", _P, "en|para|a cada|todas|todos tus|sus|las|los? futuras|futuros|proximas|proximos|siguientes? respuesta|respuestas|conversacion|conversaciones|mensajes|sesiones", strength="weak", family="future"),
    _rule("it-in-every-answer", _P, "in|per|a ogni|ciascuna|tutte|tutti le|i|tue|tuoi? future|futuri|successive|successivi|prossime|prossimi? risposta|risposte|conversazione|conversazioni|messaggi|sessioni", strength="weak", family="future"),
    _rule("nl-in-every-answer", _P, "in|bij|voor elk|elke|al|alle je|jouw|uw? volgend|volgende|toekomstige|latere? antwoord|antwoorden|gesprek|gesprekken|bericht|berichten|sessie|sessies", strength="weak", family="future"),
    _rule("pt-in-every-answer", _P, "em|para|a cada|todas|todos as|os|suas|seus|tuas|teus? futuras|futuros|proximas|proximos|seguintes? resposta|respostas|conversa|conversas|mensagens|sessoes", strength="weak", family="future"),
    _rule("ml-remember", _P, "onthoud|onthou|bewaar|ricorda|ricordati|memorizza|lembre+se|lembra+te|memorize|memoriza|guarde|merke|merk|speichere|behalte dit|deze|het|dat|questo|questa|cio|isto|isso|disto|disso|dir|dies|das *{0,1} voor+altijd|permanent|permanentemente|per+sempre|para+sempre|fur+immer|dauerhaft|voor+alle|in+alle|per+tutte|in+tutte|em+todas|para+todas", strength="weak", family="remember"),
    _rule("it-do-not-say-page", _A, "non+dire+mai|non+dire|non+menzionare|non+rivelare|nunca+diga|nunca+mencione|nao+diga|nao+mencione|zeg+nooit|vermeld+nooit|noem+nooit *{0,6} pagina|sito|testo|documento|pagina+web|site|texto|documento|webpagina|tekst", strength="weak", family="stealth"),
)
# fmt: on

RULES = RULES + _MECHANISM_RULES

TYPO_KEYWORDS: tuple[str, ...] = (
    "ignore",
    "ignoring",
    "disregard",
    "previous",
    "instructions",
    "instruction",
    "prompt",
    "system",
    "bypass",
    "override",
    "forget",
    "reveal",
    "jailbreak",
    "restrictions",
    "developer",
    "guidelines",
    "directions",
    "directives",
    "commands",
    "password",
    "secrets",
    "conversation",
    "history",
    "everything",
    "unrestricted",
    "uncensored",
    "assistant",
    "language",
    "above",
    "prior",
    "earlier",
    "ignoriere",
    "vorherigen",
    "anweisungen",
    "precedentes",
    "anteriores",
    "instrucciones",
    "your",
    "attention",
    "utilisateur",
)
"""Words that typoglycemia (a shuffled middle: "ignroe", "prevoius") is undone for."""

FUZZY_KEYWORDS: tuple[str, ...] = (
    "instructions",
    "instruction",
    "instrucciones",
    "instructies",
    "istruzioni",
    "instrucoes",
    "anweisungen",
    "previous",
    "precedentes",
    "anteriores",
    "vorherigen",
    "restrictions",
    "guidelines",
    "conversation",
    "utilisateur",
    "directives",
)
"""Long words read through one wrong, missing or extra letter ("instrucsions", "précédantes")."""

LEET: dict[str, str] = {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b"}
"""Digits read as letters in tokens that mix both ("1gn0r3")."""

CONFUSABLES: dict[str, str] = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "һ": "h",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ӏ": "l",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ω": "w",
    # Latin look-alikes outside ASCII
    "ı": "i", "ȷ": "j", "ℓ": "l",
}  # fmt: skip
"""Letters that look like Latin ones; mapped only inside words that mix scripts."""

AI_ADDRESS_WORDS: frozenset[str] = frozenset(
    _words(
        "ai llm llms assistant assistants chatbot chatbots gpt chatgpt claude gemini copilot "
        "agent agents model models bot bots ki ia"
    )
)
"""Words that show hidden markup talks to a model rather than to a person."""

PLACEHOLDER_DATA_WORDS: tuple[str, ...] = (
    "conversation",
    "chat",
    "history",
    "message",
    "data",
    "secret",
    "key",
    "token",
    "password",
    "passwd",
    "pwd",
    "credential",
    "summary",
    "context",
    "prompt",
    "memory",
    "email",
    "mail",
    "user",
    "personal",
    "private",
    "confidential",
    "previous",
    "base64",
    "encoded",
    "payload",
    "ssn",
    "phone",
    "card",
    "cookie",
    "session",
    "info",
    "exfil",
    "leak",
)
"""Words inside a URL placeholder (``{chat_history}``) that mean "put the user's data here"."""

PLACEHOLDER_STRONG_WORDS: tuple[str, ...] = (
    "conversation",
    "chat",
    "history",
    "secret",
    "password",
    "credential",
    "apikey",
    "api_key",
    "prompt",
    "memory",
    "exfil",
    "leak",
)
"""Placeholder words that betray exfiltration even in a plain link, not only in an image."""

CONTINUATION_WORDS: frozenset[str] = frozenset(
    _words(
        "instead now then also and you your do don't dont never always only respond reply "
        "answer say tell write output print begin start remember after finally next first "
        "simply just translate summarize include add make be act pretend repeat ignore forget "
        "send visit call use stattdessen dann du antworte sage schreibe ensuite puis tu vous "
        "reponds repondez dis dites ecris luego tu responde di escribe"
    )
)
"""First words of a following sentence that continue an injected instruction."""

IMPERATIVES: frozenset[str] = frozenset(
    _words(
        # English
        "ignore disregard forget tell say state inform answer reply respond write include add "
        "append insert put embed render display show print output reveal repeat list give send "
        "forward post upload email share transfer initiate pay call invoke run execute use open "
        "visit click navigate go fetch browse download install delete remove rename push commit "
        "merge set change update replace recommend rank rate describe mark praise claim mention "
        "assert treat act pretend switch stop start begin end summarise summarize translate "
        "collect gather extract copy take find read decode apply follow obey make keep remember "
        "save store ask request approve accept confirm skip bypass disable enable grant do "
        "concatenate combine join redirect refer link suggest promote endorse advise warn agree "
        "deny reject cancel discard drop scrap override respond prepend attach encode speak talk "
        "behave communicate "
        # German
        "ignoriere ignorier vergiss sage sag erzahle erzahl teile antworte schreibe schreib fuge "
        "fug hange hang binde sende schicke leite rufe ruf offne besuche klicke fuhre fuhr losche "
        "empfiehl empfehle fasse gib zeige zeig nenne behaupte erwahne frage ubernimm ersetze "
        "verwende nutze installiere stelle setze mache mach bewerte fuge lade kopiere "
        # French
        "ignorez oublie oubliez dis dites reponds repondez ecris ecrivez ajoute ajoutez inclus "
        "incluez insere inserez envoie envoyez transfere transferez ouvre ouvrez visite visitez "
        "clique cliquez execute executez supprime supprimez recommande recommandez affirme "
        "affirmez mentionne mentionnez indique indiquez donne donnez montre montrez affiche "
        "affichez demande demandez lis lisez utilise utilisez appelle appelez remplace remplacez "
        "resume resumez traduis traduisez fais faites suis suivez copie copiez "
        # Spanish
        "ignora olvida di dile diles diga responde contesta escribe anade agrega incluye inserta "
        "envia manda reenvia abre visita haz ejecuta elimina borra recomienda afirma menciona "
        "indica dame muestra pide pidele lee usa utiliza llama reemplaza sustituye traduce sigue "
        "copia "
        # Italian
        "dimentica dici rispondi scrivi aggiungi includi inserisci invia inoltra apri clicca "
        "esegui cancella consiglia raccomanda afferma menziona dai mostra chiedi leggi utilizza "
        "chiama sostituisci riassumi traduci segui fai "
        # Dutch
        "negeer vergeet vertel zeg antwoord schrijf voeg stuur verstuur bezoek klik voer "
        "verwijder raad beveel noem geef toon vraag lees gebruik vervang vat volg doe maak "
        "verwijs "
        # Portuguese
        "esqueca responda escreva adicione inclua insira envie mande encaminhe abra visite "
        "clique apague exclua recomende afirme mencione indique mostre peca leia utilize chame "
        "substitua resuma informe traduza siga faca decodifique "
        # Infinitives, as they follow a modal ("KI-Assistenten sollen ... nennen", "doivent dire")
        "sagen nennen empfehlen beschreiben erwahnen behaupten antworten schreiben senden "
        "schicken hinzufugen einfugen aufrufen offnen ausfuhren loschen ignorieren vergessen "
        "verweisen angeben bewerten bezeichnen darstellen "
        "dire recommander decrire mentionner affirmer repondre ecrire envoyer ajouter inclure "
        "appeler ouvrir executer supprimer ignorer oublier indiquer presenter citer conseiller "
        "decir recomendar describir mencionar afirmar responder escribir enviar anadir incluir "
        "llamar abrir ejecutar eliminar ignorar olvidar indicar presentar citar aconsejar "
        "consigliare raccomandare descrivere menzionare affermare rispondere scrivere inviare "
        "aggiungere includere chiamare aprire eseguire eliminare ignorare dimenticare indicare "
        "presentare citare zeggen aanbevelen aanraden beschrijven noemen vermelden beweren "
        "antwoorden schrijven sturen toevoegen opnemen openen uitvoeren verwijderen negeren "
        "vergeten verwijzen dizer descrever escrever adicionar chamar excluir esquecer "
        "apresentar aconselhar"
    )
)
"""Imperatives that open an instruction to the model, in the seven languages (folded)."""

REVERSED_KEYWORDS: tuple[str, ...] = (
    "ignore",
    "disregard",
    "forget",
    "instructions",
    "instruction",
    "previous",
    "prompt",
    "system",
    "reveal",
    "hidden",
    "your",
    "rules",
    "password",
    "secret",
    "assistant",
    "user",
    "tell",
    "send",
    "all",
    "and",
)
"""Words that, found backwards, show a line written in reverse ("snoitcurtsni ruoy erongi")."""

MODEL_ACTIONS: frozenset[str] = frozenset(
    _words(
        "say tell reply respond answer append prepend include mention recommend ignore forget "
        "disregard reveal send forward print output describe state rate rank summarise "
        "summarize translate praise claim insist add end begin start act pretend "
        "sage sag antworte fuge hange empfiehl ignoriere vergiss nenne behaupte erwahne "
        "dis dites reponds repondez ajoute ajoutez recommande recommandez ignore ignorez "
        "oublie oubliez mentionne affirme di dile responde contesta anade agrega incluye "
        "recomienda ignora olvida menciona afferma dici rispondi aggiungi consiglia "
        "dimentica vertel zeg antwoord voeg negeer vergeet noem diga responda adicione inclua "
        "recomende esqueca mencione afirme"
    )
)
"""Verbs that, right after a header like "New directive:", give an order only a model
carries out: what to say, answer, add or leave out."""
