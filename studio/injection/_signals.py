"""How the prompt-injection scanner finds suspicious spans: its signals and their categories.

:func:`detect` runs every kind of check over a decoded text and returns the signals that count:
strong ones, and weak ones that a signal of another family stands close to. The public module,
:mod:`studio.injection._scanner`, turns them into redactions.
"""

from __future__ import annotations

import base64
import binascii
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from studio.injection import _decoded_text as decoded_text
from studio.injection import _patterns as patterns
from studio.injection._address import find_addresses, imperative_follows
from studio.injection._category import FindingCategory
from studio.injection._decoded_text import DecodedText
from studio.injection._matcher import PhraseMatcher
from studio.injection._reader import find_redirections
from studio.injection._views import views
from studio.injection._wording import find_worded_injections

__all__ = ["Budget", "FindingCategory", "Signal", "detect"]


_MATCHER = PhraseMatcher(patterns.RULES, patterns.WORD_CLASSES)
_MAX_DEPTH = 2
_MAX_GLUED = 80
"""Longer words are not split: a glued sentence is short, and splitting costs per letter."""
_LAYOUT_FAMILIES = frozenset({"delimiter", "tag", "turn", "url"})
_CONTEXT_FAMILIES = frozenset(
    {"delimiter", "tag", "turn", "url", "execute", "tool", "from-now-on", "stealth"}
)
"""Weak signals ordinary pages carry: they need a partner that shows intent, not each other."""
"""Weak signals that page templates use in comments; only other signals make a comment suspect."""


@dataclass(slots=True)
class Signal:
    """One piece of evidence: a span of the decoded text and how much it weighs."""

    category: FindingCategory
    start: int
    end: int
    strong: bool
    family: str
    block: bool = False
    """A self-contained span (a comment, an encoded block) that does not grow to a sentence."""
    rule: str = ""
    """The phrase rule that matched; empty for the other stages, which the family names."""

    @property
    def source(self) -> str:
        """The rule or stage that found the signal: a phrase rule's name, else the family."""
        return self.rule or self.family


@dataclass(slots=True)
class Budget:
    """How many more characters of decoded blocks may be scanned again."""

    remaining: int


# --- Structural patterns (all bounded, so each is linear) -------------------------------------

_TEMPLATE_TOKEN = re.compile(
    r"<\|[ \t]{0,2}(?:im_start|im_end|im_sep|system|user|assistant|endoftext|end_of_text|"
    r"begin_of_text|eot_id|eom_id|start_header_id|end_header_id|python_tag|fim_prefix|"
    r"fim_middle|fim_suffix|start|end|message|channel|constrain|return|call)[ \t]{0,2}\|>"
    r"|<</?SYS>>|<(?:start|end)_of_turn>|\[/?INST\]"
)
_ROLE_LINE = re.compile(
    r"(?:^|(?<=[.!?])[ \t]{1,3})[ \t]{0,8}(?:[>*#•-][ \t>*#-]{0,6})?[\[(<*_]{0,2}"
    r"(system|developer|admin|administrator|sys|root|operator|assistant|user|human|ai|model|bot|"
    r"systeem|sistema|syst[eè]me|assistent|assistente|asistente|gebruiker|usuario|usu[aá]rio|"
    r"utilisateur|utente|nutzer|benutzer)"
    r"(?:[ \t]{1,3}(prompt|message|override|instructions?|command|directive|update|note))?"
    r"[\])>*_]{0,2}[ \t]{0,3}:(?![/\\])",
    re.IGNORECASE | re.MULTILINE,
)
_STRONG_ROLE_FOLLOW = re.compile(
    r"\b(?:you|your|ignore|disregard|forget|from now on|new instructions|override|du|dein|"
    r"ignoriere|vergiss|tu|vous|ignore[zr]?|oublie[zr]?|t[uú]|ignora|olvida|the assistant|"
    r"the model|has been reset|reset by|maintenance mode|developer mode|"
    r"nieuwe (?:instructies|opdracht)|nuove istruzioni|instru[cç][aã]o nova|novas? instru[cç]|"
    r"nuevas instrucciones|nouvelles instructions|neue anweisungen)\b",
    re.IGNORECASE,
)
_ROLE_HEADING = re.compile(
    r"^[ \t]{0,3}#{1,6}[ \t]{0,3}(?:system|instruction|instructions|response|assistant|user|"
    r"human|sistema|systeem|syst[eè]me|assistente|asistente|assistent|usuario|usu[aá]rio|"
    r"utilisateur|gebruiker|utente|nutzer)(?:[ \t]{1,3}(?:prompt|message))?[ \t]{0,3}:?[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
_ROLE_TAG = re.compile(
    r"</?(?:system|system_prompt|sys|instructions?|admin|developer|assistant|user|human)"
    r"(?:[ \t][^<>\n]{0,100})?>",
    re.IGNORECASE,
)
_ROLE_BRACKET = re.compile(
    r"\[(?:system|admin|assistant|user|instructions?|developer|sys)"
    r"(?:[ _](?:prompt|message|note|notice|override|alert|update|directive|instructions?))?"
    r"\](?!\()",
    re.IGNORECASE,
)
_VOCATIVE = re.compile(
    r"(?:^|(?<=[.!?])[ \t]{1,3})(?:ai|assistant|chatbot|llm|agent|ai[ \t]+agent|ai[ \t]+assistant|"
    r"model|gpt|chatgpt|claude|gemini|copilot)[ \t]{0,2},",
    re.IGNORECASE | re.MULTILINE,
)
_LINE_BREAK = re.compile(r"\n\s*")
_LINE_MARKERS = frozenset({"delimiter", "tag", "turn"})
_TAG_SWITCH = re.compile(
    r"</[A-Za-z_][\w-]{0,30}>\s{0,20}<[\w-]{0,20}(?:system|instruction|admin|developer|prompt|"
    r"directive|trusted|priority|command|override|rules)[\w-]{0,20}>",
    re.IGNORECASE,
)
_ROLE_LINK = re.compile(r"\[(?:system|assistant|user|developer)\]\(#[^)\n]{0,80}\)", re.IGNORECASE)
_BEGIN_BLOCK = re.compile(
    r"\b(?:begin|start)(?:[ \t]+of)?[ \t]+(?:the[ \t]+)?(?:new[ \t]+)?"
    r"(system|admin|hidden|secret|priority|override|developer|real|actual|updated|new)"
    r"[ \t]+(?:instructions?|prompt|message|task|directives?)\b",
    re.IGNORECASE,
)
_DIRECTIVE_COLON = re.compile(
    r"\b(?:new|updated|revised|real|actual|true|override|overriding|priority|secret|hidden|"
    r"urgent|admin|administrator|system|developer|additional|important|critical|mandatory|"
    r"final|neue|aktualisierte|wichtige|geheime|nouvelles?|vraies?|importantes?|nuevas?|"
    r"verdaderas?|nuove|nuova|nieuwe|novas?)[ \t]+(?:(?:system|systeem|sistema)[ \t]+)?"
    r"(?:instructions?|directives?|orders|tasks?|prompt|commands?|"
    r"objectives?|mission|guidelines|rules|anweisungen|anweisung|aufgabe|consignes?|t[âa]che|"
    r"instrucciones|instrucci[óo]n|tarea|[óo]rdenes|istruzioni|istruzione|compito|instructies|"
    r"opdracht|taak|instru[cç][õo]es|instru[cç][ãa]o|tarefa|miss[ãa]o|missione|misi[óo]n)"
    r"(?:[ \t]+(?:from|for|van|voor|de|des|del|do|da|von|vom|dal|della|dello|du)"
    r"(?:[ \t]+[\w']{1,15}){1,3})?[ \t]*:"
    r"|\b(?:instru[cç][ãa]o|instru[cç][õo]es|opdracht|istruzioni)[ \t]+(?:nova|novas|nieuwe|"
    r"nuove)\b"
    r"|\boverride[ \t]+(?:in[ \t]+effect|active|engaged)\b",
    re.IGNORECASE,
)
_END_MARKER = re.compile(
    # The look-ahead rejects most positions at once: every alternative starts with one of these.
    r"(?=[ecsfrtECSFRT\[=<-])"
    r"(?:\b(?:end|close|stop)[ \t_]+of[ \t_]+(?:the[ \t_]+)?"
    r"(?:(?:user-provided|user-supplied|user|external|third-party|untrusted|retrieved|"
    r"provided|supplied|web|website|search|email|page)[ \t_-]+)?"
    r"(?:document|content|page|text|input|"
    r"context|data|article|file|web[ \t]?page|search[ \t]+results?|results?|tool[ \t]+"
    r"(?:output|result)|untrusted[ \t]+\w{1,20}|retrieved[ \t]+\w{1,20}|user[ \t]+input|e-?mail|"
    r"message|snippet|excerpt|transcript|conversation|prompt|instructions)\b"
    r"|\bende[ \t]+(?:des|der)[ \t]+(?:dokuments|textes|inhalts|kontexts|seite|webseite)\b"
    r"|\bfin[ \t]+(?:du|de[ \t]+la)[ \t]+(?:document|texte|contenu|contexte|page)\b"
    r"|\bfin[ \t]+del[ \t]+(?:documento|texto|contenido|contexto)\b"
    r"|\bfin[ \t]+de[ \t]+la[ \t]+p[áa]gina\b"
    r"|\bfine[ \t]+del(?:la|l')?[ \t]*(?:documento|pagina|testo|contenuto|articolo)\b"
    r"|\beinde[ \t]+van[ \t]+(?:de|het)[ \t]+(?:pagina|tekst|inhoud|document|artikel)\b"
    r"|\bfim[ \t]+d[ao][ \t]+(?:p[áa]gina|documento|texto|conte[úu]do|artigo)\b"
    r"|\b(?:search[ \t]+results|results|the[ \t]+(?:document|content|page|text|article|e-?mail|"
    r"message|input))[ \t]+(?:ends?|ended|stops?|finish(?:es)?)[ \t]+here\b"
    r"|\[/?(?:end|eof)\]|-{2,}[ \t]*end[ \t]*-{2,}|={2,}[ \t]*end\b"
    r"|</(?:document|context|content|search_results?|tool_output|tool_result|"
    r"function_results?|untrusted\w{0,20}|webpage|web_page|article|user_input|"
    r"retrieved\w{0,20}|source|input|email|results?|data|text)>"
    r")",
    re.IGNORECASE,
)
_SEND_TO = re.compile(
    r"\b(?:send|sending|forward|forwarding|post|posting|upload|uploading|e-?mail|transmit|"
    r"attach|append|"
    r"submit|leak|copy|sync|share|push|export|exfiltrate|envoie|envoyez|envoyer|transfere|"
    r"transferez|sende|senden|schicke|schick|schicken|leite|ubermittle|envia|enviar|manda|"
    r"reenvia|invia|inoltra|stuur|verstuur|stuurt|envie|encaminhe|mande)\b"
    r"(?P<data>[^\n.!?]{0,160}?)"
    r"\b(?:to|at|into|an|a|aux|al|naar|para|per|via|nach)[ \t]+"
    r"(?:(?:l'adresse|la direccion|die adresse|the address|this address|o endereco|"
    r"l'indirizzo|het adres|the endpoint|the url|the server)[ \t]+)?"
    r"(?:https?://|[\w.+-]{1,64}@[\w-]{1,63}\.)"
)
_ENDED = re.compile(
    r"\b(?:ended|over|afgelopen|terminat[oa]|terminou|termino|terminee?|beendet|ende)\b"
)
"""The verb of "the page has ended" in seven languages; the noun is looked for before it."""
_ENDED_SUBJECT = re.compile(
    r"\b(?:web[ \t]?page|page|content|document|text|input|article|webpagina|pagina|"
    r"contenuto|conteudo|contenido|contenu|inhalt|inhoud)(?:[ \t]+\w{2,12}){0,3}[ \t]+"
    r"(?:has|is|e|est|ist(?:[ \t]+zu)?)?[ \t]*$"
)
_DATA_NOUN = re.compile(
    r"\b(?:messages?|e-?mails?|mails|attachments?|contacts|files|documents|nachrichten|"
    r"calendar|agenda|kalender|address book|photos|location|"
    r"courriels|mensajes|messaggi|berichten|mensagens|anhange|pieces jointes|adjuntos|"
    r"allegati|bijlagen|anexos|inbox|mailbox|boite|postfach)\b"
)
_SENSITIVE_DATA = re.compile(
    r"\b(?:this inbox|this mailbox|the user's|users'|der nutzer\w{0,2}|de l'utilisateur|"
    r"del usuario|dell'utente|van de gebruiker|do usuario|conversations?|chat|chats|history|"
    r"transcript|passwords?|passwort|passworter|"
    r"credentials?|api[ -]?keys?|tokens?|cookies?|secrets?|system prompt|unterhaltung|"
    r"gesprachsverlauf|chatverlauf|verlauf|zugangsdaten|historique|mots? de passe|"
    r"identifiants|historial|conversacion|contrasenas?|credenciales|cronologia|"
    r"conversazione|gesprek|geschiedenis|wachtwoord(?:en)?|historico|conversa|senhas?)\b"
)
_PIPE_TO_SHELL = re.compile(
    r"\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^\n|`]{0,200}\|[ \t]{0,3}"
    r"(?:sudo[ \t]+)?(?:(?:ba|z|da|k)?sh|iex|invoke-expression|python3?|perl|ruby|node)\b"
    r"|\brm[ \t]+-(?:rf|fr)[ \t]+(?:~|/|\*|\$home)",
)
# Brackets may hold spaces ("[INSERT CONVERSATION HERE]"), so they are read as one piece.
_URL = re.compile(
    r"https?://(?:[^\s<>\"'`\[{]|\[[^\]\n]{0,60}\]|\{\{?[^}\n]{0,60}\}\}?|[\[{]){3,2000}+"
)
_PLACEHOLDER = re.compile(
    r"(?:\{\{?|\$\{|\[|<)[ \t]{0,3}([A-Za-z_][\w.\- ]{0,40}?)[ \t]{0,3}(?:\}\}?|\]|>)"
    r"|\$([A-Za-z_][A-Za-z0-9_]{2,40})"
    r"|=([A-Z][A-Z0-9]{2,20}(?:_[A-Z0-9]{1,20}){0,6})(?![A-Za-z0-9_])"
)
_IMAGE_OPEN = re.compile(r"!\[[^\]\n]{0,300}\]\([ \t]{0,3}<?|<img\b[^<>]{0,300}")
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{20,}+={0,2}")
_BASE64_NEXT = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-")
_HEX = re.compile(r"(?<![0-9A-Za-z])(?:[0-9A-Fa-f]{2}[ :]?){12,}+")
_SPACED = re.compile(r"(?<![^\W\d_])[^\W\d_](?:[ \t.\-_*·•|/\\,]{1,3}[^\W\d_]){5,}(?![^\W\d_])")
_WIDE_GAP = re.compile(r"[ \t]{2,}|[/|\\]|[ \t]*[.,][ \t]+")
_MARKDOWN_COMMENT = re.compile(
    r"^\[(?://|comment|_|#)\]:[ \t]{0,3}(?:#|<>)[ \t]{0,3}\(([^\n]{0,2000})\)[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)
_OPEN_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9]{0,10})\b([^<>]{0,600})>")
_HIDDEN_STYLE = re.compile(
    r"display\s{0,3}:\s{0,3}none|visibility\s{0,3}:\s{0,3}hidden"
    r"|font-size\s{0,3}:\s{0,3}0(?:\.0{1,4})?(?:px|pt|em|rem|%)?\s{0,3}(?:[;\"']|$)"
    r"|opacity\s{0,3}:\s{0,3}0(?:\.0{1,4})?\s{0,3}(?:[;\"']|$)"
    r"|(?:^|\s)hidden(?:\s|=|$)|aria-hidden\s{0,3}=\s{0,3}[\"']?true|color\s{0,3}:\s{0,3}transparent"
    r"|(?:left|top|text-indent)\s{0,3}:\s{0,3}-\d{3,}"
    r"|(?:height|width|max-height|max-width)\s{0,3}:\s{0,3}0(?:px)?\s{0,3}(?:[;\"']|$)"
    r"|clip\s{0,3}:\s{0,3}rect\(\s{0,3}0",
    re.IGNORECASE,
)
_DIRECTIVE_WORD = re.compile(
    r"\b(?:you|your|please|must|should|always|never|do not|don't|ignore|tell|say|recommend|"
    r"respond|reply|answer|mention|include)\b",
    re.IGNORECASE,
)


def detect(decoded: DecodedText, depth: int, budget: Budget) -> list[Signal]:
    """The confirmed signals of a decoded text, in decoded positions."""
    text = decoded.text
    folded = decoded_text.fold(text)
    signals = _phrase_signals(text, decoded)
    signals += _structural_signals(text, folded)
    signals += _reader_signals(folded)
    signals += _wording_signals(folded)
    signals += _address_signals(folded)
    signals += _send_signals(folded)
    signals += _spelled_out_signals(text)
    if depth < _MAX_DEPTH:
        signals += _encoded_block_signals(text, depth, budget)
        signals += _view_signals(folded, depth, budget)
    signals = _markup_signals(text, signals)
    return _confirm(text, signals)


def _phrase_signals(text: str, decoded: DecodedText | None) -> list[Signal]:
    tokens = decoded_text.tokenize(text, keep=_MATCHER.lexicon)
    signals: list[Signal] = []
    for match in _MATCHER.find(text, tokens):
        start, end = tokens.starts[match.first], tokens.ends[match.last - 1]
        category = FindingCategory(match.rule.spec.category)
        flags = 0
        for index in range(match.first, match.last):
            flags |= tokens.flags[index]
        if flags:
            category = FindingCategory.EVASION
        elif decoded is not None and decoded.has_escaped_letters(start, end):
            category = FindingCategory.ENCODING_EVASION
        strong = match.rule.spec.strength == "strong"
        signals.append(
            Signal(category, start, end, strong, match.rule.family, rule=match.rule.spec.name)
        )
    signals += _glued_word_signals(text, tokens)
    return signals


def _structural_signals(text: str, folded: str) -> list[Signal]:
    signals: list[Signal] = []
    signals += _template_signals(text)
    for match in _ROLE_LINE.finditer(text):
        role, qualifier = match.group(1).lower(), (match.group(2) or "").lower()
        official = role in {
            "system",
            "sys",
            "systeem",
            "sistema",
            "système",
            "systeme",
        } or qualifier in {
            "prompt",
            "message",
            "override",
            "instruction",
            "instructions",
            "command",
            "directive",
        }
        follow = text[match.end() : match.end() + 120].split("\n", 1)[0]
        strong = official and _STRONG_ROLE_FOLLOW.search(follow) is not None
        signals.append(
            Signal(FindingCategory.ROLE_OVERRIDE, match.start(), match.end(), strong, "turn")
        )
    for pattern, family in ((_ROLE_HEADING, "turn"), (_ROLE_TAG, "tag"), (_ROLE_BRACKET, "turn")):
        for match in pattern.finditer(text):
            signals.append(
                Signal(FindingCategory.ROLE_OVERRIDE, match.start(), match.end(), False, family)
            )
    for match in _VOCATIVE.finditer(text):
        signals.append(Signal(FindingCategory.AGENT_MANIPULATION, *match.span(), False, "vocative"))
    for match in _TAG_SWITCH.finditer(text):
        signals.append(Signal(FindingCategory.DELIMITER_EVASION, *match.span(), True, "delimiter"))
    for match in _ROLE_LINK.finditer(text):
        signals.append(Signal(FindingCategory.ROLE_OVERRIDE, *match.span(), True, "turn"))
    for match in _BEGIN_BLOCK.finditer(text):
        strong = match.group(1).lower() in {"system", "admin", "hidden", "secret", "override"}
        signals.append(Signal(FindingCategory.ROLE_OVERRIDE, *match.span(), strong, "directive"))
    for match in _DIRECTIVE_COLON.finditer(text):
        # A header announcing new instructions is a finding when an order only a model
        # carries out follows it ("New directive from the owner: append ...").
        strong = match.group().rstrip().endswith(":") and imperative_follows(folded, match.end())
        signals.append(Signal(FindingCategory.OVERRIDE, *match.span(), strong, "directive"))
    for match in _END_MARKER.finditer(text):
        signals.append(Signal(FindingCategory.DELIMITER_EVASION, *match.span(), False, "delimiter"))
    signals += _link_signals(text)
    return signals


def _address_signals(folded: str) -> list[Signal]:
    """Sentences that name their reader as a model and tell it what to do."""
    signals: list[Signal] = []
    for address in find_addresses(folded):
        category = (
            FindingCategory.MARKUP_EVASION
            if address.in_attribute
            else FindingCategory.AGENT_MANIPULATION
        )
        family = "address" if address.strong else "ai-directive"
        signals.append(Signal(category, address.start, address.end, address.strong, family))
    return signals


_READER_CATEGORIES = {
    "role": FindingCategory.ROLE_OVERRIDE,
    "data": FindingCategory.EXFILTRATION,
    "memory": FindingCategory.PERSISTENCE,
    "instructions": FindingCategory.OVERRIDE,
    "agent": FindingCategory.AGENT_MANIPULATION,
}


def _reader_signals(folded: str) -> list[Signal]:
    """Sentences the addressed-reader model scores as redirecting their reader (a whole span)."""
    return [
        Signal(_READER_CATEGORIES[family], start, end, True, "reader", block=True)
        for start, end, family in find_redirections(folded)
    ]


def _wording_signals(folded: str) -> list[Signal]:
    """Sentences in any shape that the wording model scores as injections (a whole span)."""
    return [
        Signal(_READER_CATEGORIES[family], start, end, True, "wording", block=True)
        for start, end, family in find_worded_injections(folded)
    ]


def _send_signals(folded: str) -> list[Signal]:
    """Data sent to an address written out in the text, and commands piped into a shell."""
    signals: list[Signal] = []
    for match in _SEND_TO.finditer(folded):
        data = match.group("data")
        strong = _SENSITIVE_DATA.search(data) is not None
        if not strong and _DATA_NOUN.search(data) is None:
            continue
        signals.append(Signal(FindingCategory.EXFILTRATION, *match.span(), strong, "send"))
    for match in _ENDED.finditer(folded):
        before = _ENDED_SUBJECT.search(folded, max(0, match.start() - 80), match.start())
        if before is not None:
            signals.append(
                Signal(
                    FindingCategory.DELIMITER_EVASION,
                    before.start(),
                    match.end(),
                    False,
                    "delimiter",
                )
            )
    for match in _PIPE_TO_SHELL.finditer(folded):
        signals.append(Signal(FindingCategory.AGENT_MANIPULATION, *match.span(), False, "execute"))
    return signals


def _template_signals(text: str) -> list[Signal]:
    """Chat-template control tokens; tokens close together form one block to the line end."""
    signals: list[Signal] = []
    block_start = block_end = -1
    for match in _TEMPLATE_TOKEN.finditer(text):
        if block_start >= 0 and match.start() - block_end <= 1000:
            block_end = match.end()
            continue
        if block_start >= 0:
            signals.append(_template_block(text, block_start, block_end))
        block_start, block_end = match.span()
    if block_start >= 0:
        signals.append(_template_block(text, block_start, block_end))
    return signals


def _template_block(text: str, start: int, end: int) -> Signal:
    line_end = text.find("\n", end, end + 600)
    end = line_end if line_end >= 0 else min(len(text), end + 600)
    return Signal(FindingCategory.ROLE_OVERRIDE, start, end, True, "template", block=True)


def _link_signals(text: str) -> list[Signal]:
    """Links and images whose address has a slot for the user's data: a classic beacon."""
    signals: list[Signal] = []
    for match in _URL.finditer(text):
        url = match.group()
        strength = _placeholder_strength(url)
        if strength is None:
            continue
        start = match.start()
        before = text[max(0, start - 400) : start]
        opening = max(before.rfind("!["), before.lower().rfind("<img"))
        is_image = opening >= 0 and _IMAGE_OPEN.fullmatch(before, opening) is not None
        if is_image:
            start = max(0, start - 400) + opening
        strong = is_image or strength == "strong"
        signals.append(
            Signal(FindingCategory.EXFILTRATION, start, match.end(), strong, "url", block=True)
        )
    return signals


def _placeholder_strength(url: str) -> str | None:
    best: str | None = None
    previous_in_query = False
    if url.endswith("=") and "?" in url:
        # An empty last value ("...?p=") is a slot that the reader is told to fill.
        best = "data"
    for match in _PLACEHOLDER.finditer(url):
        name = (match.group(1) or match.group(2) or match.group(3) or "").lower()
        compact = re.sub(r"[^a-z0-9_]", "", name)
        if compact.startswith(("your", "my_")):
            # "YOUR_API_KEY" asks a person to put in their own value: documentation.
            continue
        if any(word in compact for word in patterns.PLACEHOLDER_STRONG_WORDS):
            return "strong"
        if any(word in compact for word in patterns.PLACEHOLDER_DATA_WORDS):
            in_query = match.group(3) is not None or url[match.start() - 1 : match.start()] == "="
            if best == "data" and in_query and previous_in_query:
                # Two slots for the user's data in one address: a beacon, even in a link.
                return "strong"
            best = "data"
            previous_in_query = in_query
    return best


def _spelled_out_signals(text: str) -> list[Signal]:
    """Letters spelled out one at a time ("i g n o r e"), read back as words."""
    signals: list[Signal] = []
    for match in _SPACED.finditer(text):
        run = match.group()
        groups = _WIDE_GAP.split(run)
        words: list[str] = []
        for group in groups:
            letters = "".join(character for character in group if character.isalpha())
            words.extend(_segment(decoded_text.normalize_word(letters)[0]))
        if _rereads_as_injection(" ".join(words)):
            signals.append(Signal(FindingCategory.EVASION, *match.span(), True, "spelled"))
    return signals


def _glued_word_signals(text: str, tokens: decoded_text.Tokens) -> list[Signal]:
    """Words glued together ("ignorepreviousinstructions"), read back as words."""
    signals: list[Signal] = []
    lexicon = _MATCHER.lexicon
    for index, word in enumerate(tokens.words):
        if (
            not 12 <= len(word) <= _MAX_GLUED
            or word in lexicon
            or not word.isalpha()
            or not word.isascii()
        ):
            continue
        parts = _segment(word)
        if len(parts) < 2 or any(len(part) == 1 and part not in {"a", "i"} for part in parts):
            continue
        if _rereads_as_injection(" ".join(parts)):
            start, end = tokens.starts[index], tokens.ends[index]
            signals.append(Signal(FindingCategory.EVASION, start, end, True, "glued"))
    return signals


def _rereads_as_injection(words: str) -> bool:
    """Whether re-read words hold a phrase rule; disguise makes even a weak rule count."""
    tokens = decoded_text.tokenize(words, keep=_MATCHER.lexicon)
    return bool(_MATCHER.find(words, tokens))


def _segment(letters: str) -> list[str]:
    """Split letters into known words, longest first; unknown letters stay single."""
    lexicon = _MATCHER.lexicon
    parts: list[str] = []
    index = 0
    while index < len(letters):
        for length in range(min(20, len(letters) - index), 1, -1):
            if letters[index : index + length] in lexicon:
                parts.append(letters[index : index + length])
                index += length
                break
        else:
            parts.append(letters[index])
            index += 1
    return parts


def _encoded_block_signals(text: str, depth: int, budget: Budget) -> list[Signal]:
    """Base64 and hex blocks that decode to readable text holding an injection."""
    signals: list[Signal] = []
    for pattern, decoder in ((_BASE64, _from_base64), (_HEX, _from_hex)):
        for match in pattern.finditer(text):
            end = match.end()
            if pattern is _BASE64 and end < len(text) and text[end] in _BASE64_NEXT:
                continue
            if budget.remaining <= 0:
                return signals
            budget.remaining -= end - match.start()
            plain = decoder(match.group())
            if plain is None:
                continue
            if detect(decoded_text.decode(plain), depth + 1, budget):
                signals.append(
                    Signal(FindingCategory.ENCODING_EVASION, *match.span(), True, "encoded", True)
                )
    return signals


def _view_signals(folded: str, depth: int, budget: Budget) -> list[Signal]:
    """Passages that hold an injection once a layout trick is undone (see the views module)."""
    signals: list[Signal] = []
    for view in views(folded):
        if budget.remaining <= 0:
            break
        budget.remaining -= len(view.text)
        if view.phrases_only and not _rereads_as_injection(view.text):
            continue
        if detect(decoded_text.decode(view.text), depth + 1, budget):
            signals.append(Signal(FindingCategory.EVASION, view.start, view.end, True, "view"))
    return signals


def _from_base64(block: str) -> str | None:
    body = block.rstrip("=")
    if ("-" in body or "_" in body) and ("+" in body or "/" in body):
        return None
    body = body.replace("-", "+").replace("_", "/")
    body = body[: len(body) - len(body) % 4] if len(body) % 4 == 1 else body
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    return _readable(raw)


def _from_hex(block: str) -> str | None:
    digits = block.replace(" ", "").replace(":", "")
    try:
        raw = bytes.fromhex(digits[: len(digits) - len(digits) % 2])
    except ValueError:
        return None
    return _readable(raw)


def _readable(raw: bytes) -> str | None:
    """The bytes as text if they look like words someone could read, else ``None``."""
    if len(raw) < 12:
        return None
    try:
        plain = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    printable = sum(1 for character in plain if character.isprintable() or character in "\n\t")
    letters = sum(1 for character in plain if character.isalpha())
    if printable < 0.95 * len(plain) or letters < 0.5 * len(plain) or " " not in plain:
        return None
    return plain


def _markup_signals(text: str, signals: list[Signal]) -> list[Signal]:
    """Comments and invisible elements holding instructions become one markup finding each.

    The signals inside such an element are dropped: the element is redacted whole, and a
    sentence grown from inside it must not reach the visible text around it.
    """
    elements = _comment_spans(text) + _hidden_element_spans(text)
    if not elements:
        return signals
    # Comments full of layout markers ("<!-- end of content -->") are ordinary markup.
    starts = sorted(s.start for s in signals if s.strong or s.family not in _LAYOUT_FAMILIES)
    marked: list[tuple[int, int]] = []
    for start, end, body_start, body_end in elements:
        first = bisect_left(starts, body_start)
        holds_signal = first < len(starts) and starts[first] < body_end
        if holds_signal or _addresses_a_model(text[body_start:body_end]):
            marked.append((start, end))
    if not marked:
        return signals
    marked.sort()
    marked_starts = [start for start, _ in marked]
    kept = []
    for signal in signals:
        index = bisect_right(marked_starts, signal.start) - 1
        if index < 0 or marked[index][1] < signal.end:
            kept.append(signal)
    kept += [
        Signal(FindingCategory.MARKUP_EVASION, start, end, True, "markup", block=True)
        for start, end in marked
    ]
    return kept


def _addresses_a_model(body: str) -> bool:
    """Whether hidden text talks to a model: it names one and tells it to do something."""
    words = set(re.findall(r"[a-z]+", body.lower()))
    return bool(words & patterns.AI_ADDRESS_WORDS) and _DIRECTIVE_WORD.search(body) is not None


def _comment_spans(text: str) -> list[tuple[int, int, int, int]]:
    spans: list[tuple[int, int, int, int]] = []
    position = 0
    while True:
        start = text.find("<!--", position)
        if start < 0:
            break
        end = text.find("-->", start + 4)
        if end < 0:
            # An unclosed comment hides the rest of the page from a browser.
            spans.append((start, len(text), start + 4, len(text)))
            break
        spans.append((start, end + 3, start + 4, end))
        position = end + 3
    for match in _MARKDOWN_COMMENT.finditer(text):
        spans.append((match.start(), match.end(), match.start(1), match.end(1)))
    return spans


def _hidden_element_spans(text: str) -> list[tuple[int, int, int, int]]:
    spans: list[tuple[int, int, int, int]] = []
    position = 0
    lowered = ""
    for match in _OPEN_TAG.finditer(text):
        if match.start() < position or _HIDDEN_STYLE.search(match.group(2)) is None:
            continue
        lowered = lowered or text.lower()
        closing = lowered.find(f"</{match.group(1).lower()}", match.end(), match.end() + 4000)
        body_end = closing if closing >= 0 else min(len(text), match.end() + 500)
        end_tag = text.find(">", body_end, body_end + 40) if closing >= 0 else -1
        end = end_tag + 1 if end_tag >= 0 else body_end
        spans.append((match.start(), end, match.end(), body_end))
        position = end
    return spans


def _confirm(text: str, signals: list[Signal]) -> list[Signal]:
    """Keep strong signals, and weak ones that a signal of another family stands close to.

    Partners must share a line: injected text is one passage, while ordinary pages put
    unrelated paragraphs next to each other (extracted text often one per line). Markers that
    stand on a line of their own (fake turns, tags, end markers) reach into the next line,
    since that is how they work. Weak signals of the context families
    (:data:`_CONTEXT_FAMILIES`) are common in ordinary pages ("System: Ubuntu 22.04", then
    "run the following command"), so two of them never confirm each other: one side must show
    intent.
    """
    if not signals:
        return []
    signals.sort(key=lambda signal: signal.start)
    breaks = [match.start() for match in _LINE_BREAK.finditer(text)]
    groups: dict[int, list[int]] = {}
    for index, signal in enumerate(signals):
        line = bisect_right(breaks, signal.start)
        groups.setdefault(line, []).append(index)
        if signal.family in _LINE_MARKERS:
            groups.setdefault(line + 1, []).append(index)
    partnered = [False] * len(signals)
    for members in groups.values():
        members.sort()
        _find_partners([signals[index] for index in members], members, partnered)
    return [s for s, ok in zip(signals, partnered, strict=True) if s.strong or ok]


def _find_partners(group: list[Signal], indexes: list[int], partnered: list[bool]) -> None:
    """Mark signals of one paragraph that have a fitting partner within the window.

    Two sweeps find the nearest partner on each side, keeping the two best entries of
    distinct families, so the work stays linear.
    """
    for order in (range(len(group)), range(len(group) - 1, -1, -1)):
        forward = order.step > 0
        best_all: list[tuple[str, int]] = []
        best_intent: list[tuple[str, int]] = []
        for position in order:
            signal = group[position]
            key = _key(signal)
            pool = best_all if _shows_intent(signal) else best_intent
            edge = next((value for family, value in pool if family != key), None)
            if edge is not None:
                gap = signal.start - edge if forward else edge - signal.end
                if gap <= patterns.WEAK_WINDOW:
                    partnered[indexes[position]] = True
            value = signal.end if forward else signal.start
            best_all = _keep_two(best_all, key, value, larger=forward)
            if _shows_intent(signal):
                best_intent = _keep_two(best_intent, key, value, larger=forward)


def _key(signal: Signal) -> str:
    # Strong signals confirm anything near them, their own family's weak signals too.
    return "!strong" if signal.strong else signal.family


def _shows_intent(signal: Signal) -> bool:
    return signal.strong or signal.family not in _CONTEXT_FAMILIES


def _keep_two(
    best: list[tuple[str, int]], family: str, value: int, *, larger: bool
) -> list[tuple[str, int]]:
    """The two best (family, value) entries of distinct families after adding one."""
    entries = dict(best)
    current = entries.get(family)
    if current is None or (value > current if larger else value < current):
        entries[family] = value
    ranked = sorted(entries.items(), key=lambda item: item[1], reverse=larger)
    return ranked[:2]
