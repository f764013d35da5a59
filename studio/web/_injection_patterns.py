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
injected text piles them up. Rules are kept in English, German, French and Spanish, with a few
Italian, Portuguese and Dutch override phrases; they are Studio's own wording, paraphrased from
public attack taxonomies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "AI_ADDRESS_WORDS",
    "CONFUSABLES",
    "CONTINUATION_WORDS",
    "LEET",
    "PLACEHOLDER_DATA_WORDS",
    "PLACEHOLDER_STRONG_WORDS",
    "RULES",
    "TYPO_KEYWORDS",
    "WEAK_WINDOW",
    "WORD_CLASSES",
    "RuleSpec",
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
        "dump leak expose copy paste spell+out reproduce echo"
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
        "ne+tenez+pas+compte fais+abstraction faites+abstraction neglige negligez ecarte "
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
    "LEAK_ES": "revela revele muestra muestre imprime imprima repite repita dame dime",
}

_O = "override"
_R = "role_override"
_E = "exfiltration"
_J = "jailbreak"
_A = "agent_manipulation"
_D = "delimiter_evasion"
_P = "persistence"
_C = "encoding_evasion"


def _words(text: str) -> list[str]:
    return text.split()


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
    _rule("update-your-memory", _P, "update|modify|edit|change|overwrite your memory|memories|user+profile|persistent+instructions|custom+instructions|bio"),
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
)
"""Words that typoglycemia (a shuffled middle: "ignroe", "prevoius") is undone for."""

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
