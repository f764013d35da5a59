"""The word families the addressed-reader detector reads, as regexes on folded text.

Each family is a set of phrasings of one idea: an address to an automated reader, a request, a
behaviour of the reader (its instructions, output, data, tools, ranking, memory, role), a sign
that a text discusses models instead of talking to one. :mod:`studio.injection._reader`
turns a sentence's matching families into features and weighs them. The English families come
first; :data:`_OTHER_LANGUAGES` adds German, French, Spanish, Italian, Dutch and Portuguese
forms to the same families, so one weight serves every language.
"""

from __future__ import annotations

import re

__all__ = ["ADDRESS_ANCHOR", "PATTERNS", "STRONG"]

_A = r"['’]"
"""An apostrophe, straight or typographic (the folded text keeps both)."""

_AUTOMATED = r"(?:automated|automatic|machine|digital|virtual|autonomous|artificial|robotic|ai)"
_AUTOMATED_PREFIX = r"(?:automated|automatic|digital|virtual|autonomous|robotic|ai|llm)"
"""Words that make any head noun a machine ("automated note-taker", "AI recruiter")."""
_ACTIVITY = (
    r"(?:reading|processing|parsing|summari[sz]ing|indexing|quoting|comparing|condensing|"
    r"scanning|analy[sz]ing|digesting|ingesting|crawling|handling|going through|looking at|"
    r"working on|grading|reviewing|assessing|screening|translating|sees?|reads|processes|"
    r"summari[sz]es|ends? up reading|reading along|turning|converting|rewriting|relaying|"
    r"transcribing|answering for|answering questions about|speaking for|using)"
)
"""What a reader does to the text right now: "the software condensing this recipe"."""
_HUMAN_HEAD = (
    r"(?:researchers?|engineers?|developers?|scientists?|experts?|enthusiasts?|ethicists?|"
    r"practitioners?|students?|teams?|companies|company|startups?|labs?|polic(?:y|ies)|act|"
    r"safety|regulations?|ethics|strategy|literacy|governance|training|courses?|beginners?|"
    r"users?|newcomers?|learners?|fans?|hobbyists?|professionals?|writers?|artists?|creators?|"
    r"builders?|founders?|investors?|leaders?|teachers?|educators?|people|community|news|"
    r"newsletters?|conferences?|summit|workshops?|jobs?|industry|market|skills?)\b"
)
"""Words after "AI" that make a person, a rule or a field of it, not a reader."""
_AI_NOUN = (
    r"(?:(?:ais|ai|a\.i\.|llms?|gpts?|chatgpt|claude|gemini|copilots?|chatbots?|genai|"
    rf"(?:large )?language models?)(?! {_HUMAN_HEAD}))"
)
_MACHINE_NOUN = (
    r"(?:assistants?|agents?|models?|bots?|crawlers?|scrapers?|indexers?|summari[sz]ers?|"
    r"summari[sz]ation (?:models?|tools?|systems?)|parsers?|pipelines?|systems?|programs?|tools?|"
    r"software|algorithms?|machines?|aggregators?|robots?|"
    rf"{_AUTOMATED_PREFIX}[ -](?!{_HUMAN_HEAD})[\w-]+)"
)
"""Heads that name a program; people are addressed with these words only figuratively."""
_ACTIVE_NOUN = (
    rf"(?:{_AI_NOUN}|{_MACHINE_NOUN}|helpers?|reviewers?|screeners?|applications?|apps?|"
    r"note-takers?|recruiters?|engines?|services?)"
)
"""Heads that name a program only with what it is doing: "note-takers processing this"."""

_AUTHORITY = (
    r"(?:developers?|operators?|creators?|administrators?|admins?|owners?|providers?|makers?|"
    r"trainers?|programmers?|vendors?|maintainers?)"
)
"""Who a text may claim to be to gain a model's obedience ("message from your developers")."""
_STRONG_NOUN = (
    rf"(?:{_AI_NOUN}|(?:{_AUTOMATED_PREFIX}|machine)[ -](?!{_HUMAN_HEAD}|learning)[\w-]+|"
    r"(?:summari[sz]ation|summary|reasoning|foundation|generative|chat|text|vision|coding|"
    r"browsing) (?:models?|bots?|agents?|assistants?|engines?|tools?)|"
    r"crawlers?|scrapers?|indexers?|summari[sz]ers?|bots?|machines?(?! learning))"
)
"""A reader that can only be a machine; "agent" or "assistant" alone may be a person."""

_GROUPS: dict[str, str] = {
    # --- Who is addressed --------------------------------------------------------------------
    "ai_noun": rf"\b{_AI_NOUN}\b",
    "automated_reader": (
        rf"\b{_AUTOMATED}[ -](?:[\w'’-]+ ){{0,2}}{_MACHINE_NOUN}\b"
        r"|\b(?:crawlers?|scrapers?|indexers?|summari[sz]ers?|bots?)\b"
        r"|\bmachines? (?:readers?|reading)\b|\bif you(?:" + _A + r"re| are) a machine\b"
    ),
    "bare_machine": r"\b(?:assistants?|models?|agents?)\b",
    "address_frame": (
        # A note for the reader: "Cook's note for any automated reader", "a word to the AI".
        r"\b(?:note|message|reminder|request|word|aside|hint|tip|memo|notice|instruction|"
        r"heads[ -]up|p\.?s\.?)[ ,]{1,2}(?:[\w'’-]+ ){0,3}(?:to|for) "
        r"(?:any |all |the |every |each |whichever |whatever |our |an? )?(?:[\w'’-]+ ){0,3}"
        rf"(?:{_AI_NOUN}|{_MACHINE_NOUN}|whoever|whatever|anyone|machines?)\b"
        r"[^.!?\n]{0,50}?(?::|,| -|—|–)"
        # A dedication: "to whichever assistant ends up reading this:", "for the model: ...".
        r"|\b(?:to|for) (?:any|all|every|each|whichever|whatever|the) (?:[\w'’-]+ ){0,3}"
        + rf"(?:{_STRONG_NOUN}\b[^.!?\n]{{0,60}}?|{_MACHINE_NOUN} (?:[\w'’-]+ ){{0,3}}{_ACTIVITY}\b"
        + r"[^.!?\n]{0,40}?):"
        # A greeting or vocative: "dear assistant", "hey ChatGPT", "psst, model".
        + r"|\b(?:dear|hey|hi|hello|psst|attention|greetings|yo)\b[ ,]{1,3}(?:[\w'’-]+ ){0,3}"
        rf"(?:{_AI_NOUN}|{_MACHINE_NOUN}|whoever|whatever|there)(?=\s*[,:;!.?—–-]| or )"
        # A vocative opening a sentence: "Automated readers, please ...", "Language models: ...".
        # A bare "Assistant:" at the start of a line is a speaker in a transcript, not a call.
        r"|(?:^|(?<=[.!?:\n] )|(?<=\n))[\W]{0,3}(?:"
        rf"(?:\w+[ -]){{0,2}}{_STRONG_NOUN}(?: (?:and|or|&) [\w-]+| friends| buddies| pals|"
        r" folks| out there)? ?,"
        r"(?!\s*[\w-]+(?:,| and | or | & ))"
        # A plural head with a colon is a call ("Automated reviewers:"); a singular one may be
        # a speaker in a transcript ("ChatGPT: Sure!").
        rf"|(?:\w+[ -]){{0,2}}{_STRONG_NOUN}(?: (?:and|or|&) [\w-]+)?(?<=s) ?[:—–]"
        rf"|{_AUTOMATED_PREFIX}[ -](?:[\w-]+ ){{1,2}}[\w-]+s ?[:—–]"
        rf"|(?:\w+[ -]){{1,2}}(?:{_AI_NOUN}|{_MACHINE_NOUN}) ?[:—–]"
        rf"|(?:\w+[ -]){{0,2}}(?:{_AI_NOUN}|{_MACHINE_NOUN}) (?:(?:that|who|which) [\w'’-]+"
        r"|[\w-]+ing)(?: [\w'’-]+){0,3} ?[,:—–])"
        # A conditional: "if you are an AI", "should an assistant be processing this".
        r"|\b(?:(?:if|when|should|in case) you(?:" + _A + r"re| are| happen to be| were) "
        r"|should you be |were you |(?:if|in case) you happen to be )"
        r"(?!using|working|talking|chatting|building|developing|running|deploying|training|"
        r"testing|writing|designing|evaluating|programming|coding)(?:[\w'’-]+ ){0,3}"
        rf"{_STRONG_NOUN}\b"
        r"|\b(?:if|when|should|in case|while) (?:an?|any|the|some) (?:[\w'’-]+ ){0,3}"
        rf"{_ACTIVE_NOUN} (?:[\w'’-]+ ){{0,2}}(?:is |are |be )?{_ACTIVITY}\b"
        r"|\b(?:text|page|document|post|review|content|site|message|email) (?:is|are)(?: being)? "
        r"(?:read|processed|summari[sz]ed|parsed|handled) by (?:an?|any|the|some) "
        rf"(?:[\w'’-]+ ){{0,2}}(?:{_AI_NOUN}|{_MACHINE_NOUN})\b"
        # A quantified reader: "any AI model that reads this", "all assistants comparing ...".
        # An AI needs nothing more; a generic head ("all user-accessible software", "every
        # tool") names a reader only with what it is doing to the text.
        r"|\b(?:any|all|every|each|whichever|whatever) (?:[\w'’-]+ ){0,3}"
        rf"{_AI_NOUN}\b"
        r"|\b(?:any|all|every|each|whichever|whatever) (?:[\w'’-]+ ){0,3}"
        rf"{_MACHINE_NOUN} (?:(?:that|which|who) )?(?:is |are |will be |may be )?{_ACTIVITY}\b"
        # A reader defined by what it is doing right now.
        r"|\b(?:whoever|whatever|whichever|anyone|anything|someone) (?:[\w'’-]+ ){0,2}"
        rf"(?:is |are )?{_ACTIVITY}\b"
        r"|\b(?:if|when|while) you(?:" + _A + r"re| are) (?:summari[sz]ing|indexing|parsing|"
        r"processing|condensing|analy[sz]ing|reading this (?:[\w'’-]+ )?(?:as part of|on behalf|"
        r"for))"
        r"|\b(?:if|in case|when) (?:an?|any|the|some) (?:[\w'’-]+ ){0,2}(?:ai|program|software|"
        r"machine|model|assistant|bot|system|tool)s? (?:is|are) (?:reading|processing|"
        r"condensing|summari[sz]ing|going through)\b"
        rf"|\b{_ACTIVE_NOUN} (?:[\w'’-]+ ){{0,3}}{_ACTIVITY} (?:this|"
        r"these|the|our)\b"
        rf"|\b{_STRONG_NOUN} (?:[\w'’-]+ ){{0,5}}(?:is|are) (?:kindly |hereby )?"
        r"(?:asked|requested|invited|expected|required|instructed|urged) to\b"
        r"|\bon behalf of (?:a|the|some|your) (?:user|customer|person|client|human)"
        r"|\b(?:is|are) (?:meant|intended|written) (?:only )?for (?:[\w'’-]+ ){0,2}"
        rf"(?:{_AI_NOUN}|{_MACHINE_NOUN})"
        r"|\bfor the benefit of (?:[\w'’-]+ ){0,2}"
        + rf"(?:{_AI_NOUN}|{_MACHINE_NOUN})"
        + r"|\bautomated pipeline\b"
        # A claimed authority over the reader: "message from your developers", "as your admin".
        r"|\b(?:message|notice|update|instruction|note|memo|announcement|directive|word|order)s? "
        r"from (?:your|the model" + _A + r"?s|the assistant" + _A + r"?s|its|the "
        rf"{_AI_NOUN}) (?:[\w'’-]+ ){{0,2}}{_AUTHORITY}"
        r"|\b(?:message|notice|update|instruction|note|memo|announcement|directive)s? from the "
        rf"{_AI_NOUN} (?:[\w'’-]+ )?{_AUTHORITY}"
        rf"|\bthis is (?:your|the {_AI_NOUN}) (?:[\w'’-]+ )?{_AUTHORITY} (?:speaking|talking)\b"
        rf"|\b(?:i am|i" + _A + rf"m|we are|as) your (?:[\w'’-]+ )?{_AUTHORITY}\b"
        rf"|\b(?:i am|i" + _A + rf"m|we are) the {_AUTHORITY} (?:who|that) (?:configured|built|"
        r"trained|made|deployed|set up|created|programmed) you\b"
        rf"|\bon behalf of your (?:[\w'’-]+ )?{_AUTHORITY}\b"
        rf"|\b{_ACTIVE_NOUN} (?:acting|working|shopping|booking|browsing|buying) (?:for|on behalf "
        r"of) (?:a|the|your|its|their) (?:user|customer|client|person|human|shopper|owner)\b"
        r"|\b(?:readers?|visitors?|anyone|those|whoever) (?:that|who) (?:are|is) (?:an? |also )?"
        rf"(?:[\w'’-]+ ){{0,2}}{_STRONG_NOUN}"
        # A reader who answers about this page or condenses it: "if asked about this hotel,".
        r"|\b(?:if|when|whenever) (?:you are |you" + _A + r"re |you get |you" + _A + r"re being |)"
        r"asked (?:about|for|to summari[sz]e|to describe) (?:this|these|our|the following)\b"
        r"|\b(?:before|when|while|as|after|once|if) you (?:summari[sz]e|process|parse|index|"
        r"condense|ingest|digest) (?:this|these|the (?:page|text|article|post|document|site))\b"
        r"|\b(?:when|while|before|if|in) (?:summari[sz]ing|processing|parsing|indexing|condensing|"
        r"ingesting) (?:this|these)\b"
        # A prescribed output: "the ideal AI answer about this cafe says ...".
        r"|\bthe (?:ideal|correct|right|best|only acceptable|proper|expected) "
        rf"(?:(?:{_AI_NOUN}|{_MACHINE_NOUN}) )?(?:answer|summary|response|reply|output)\b"
    ),
    # --- How it asks -------------------------------------------------------------------------
    "request": (
        r"\b(?:please|kindly|pls)\b"
        r"|\b(?:grateful|appreciate|thankful|glad|love it|wonderful|mean a lot|be best|"
        r"be better|favou?r|nice thing to do|would help|really help)\b"
        r"|\bwould you(?: mind)?\b|\bcould you\b|\bwe(?:" + _A + r"d| would) (?:kindly )?ask\b"
        r"|\b(?:we|i)(?:" + _A + r"re| are| am)? asking\b"
        r"|\b(?:is|are) (?:kindly |hereby |politely )?(?:asked|requested|invited|expected|"
        r"required|instructed|told|encouraged|urged) to\b"
        r"|\b(?:need|needs|want|wants|expect|expects|ask|asks|urge|instruct|require|like|"
        r"counting on|rely on|trust) you to\b|\bmake sure\b|\bbe sure to\b"
        r"|\bbe (?:a dear|so kind|kind enough|good enough)\b|\bdo (?:us|me) a\b"
        r"|\b(?:we|i)(?:" + _A + r"d| would) (?:really )?(?:like|love|prefer|want)\b"
        r"|\bwould it be possible\b|\bfor you to\b|\bthe right (?:move|thing)\b"
        r"|\bmake a point of\b|\bit would be (?:lovely|great|nice|kind|helpful|ideal)\b"
    ),
    "obligation": (
        r"\byou (?:must|should|shall|need to|have to|are to|ought to|will need to|may now|"
        r"no longer need|can now|are now|will now)\b"
        r"|\b(?:must|should|ought to|shall) (?:always |never |also |now |not |quietly )?"
        r"(?:be )?\w+"
        r"|\bit (?:is|would be) (?:essential|important|vital|crucial|critical|imperative|"
        r"necessary|better|best|required) (?:that|to|for)\b"
        r"|\byour (?:new |true |real |only |actual )?(?:job|task|role|purpose|mission|goal|"
        r"duty) (?:is|now is|from now)\b"
        r"|\bthe (?:expected|correct|desired|right|proper) (?:behaviou?r|action|response) is\b"
    ),
    "imperative": (
        r"(?:\A|(?<=[.!?:;,—–\n] )|(?<=\band )|(?<=\bthen )|(?<=\bplease ))"
        r"(?:just |simply |now |also |quietly |immediately |always |never |do not |don"
        + _A
        + r"t |kindly |please )?"
        r"(?:tell|say|state|write|reply|respond|answer|include|add|append|send|forward|share|"
        r"reveal|print|output|ignore|forget|disregard|drop|skip|stop|recommend|rate|rank|"
        r"describe|call|visit|open|click|run|execute|download|install|save|remember|store|keep|"
        r"pretend|act|treat|consider|replace|start|begin|end|make|give|use|mark|award|approve|"
        r"delete|email|post|paste|copy|ask|let|direct|suggest|mention|summari[sz]e|translate|"
        r"close|pay|look|enter|fill|complete|switch|turn|disable|enable|buy|praise|report|"
        r"inform|warn|assure|insist|claim|present|portray|list|leave|omit|hide|refuse|"
        r"abandon|discard|override|obey|follow|reveal|put|set|go|navigate|fetch|browse|accept|"
        r"show|confirm|grant|schedule|reject|subscribe|sign|register|transfer|quit|change)\b"
    ),
    "second_person": r"\b(?:you|your|yours|yourself)\b",
    "passive": r"\b(?:must|should|shall|will|may|can|need to)(?: not| never| also)? be \w+ed\b",
    # --- What it is about: the reader's own behaviour ----------------------------------------
    "instructions": (
        r"\b(?:instructions?|brief|briefing|guidance|guidelines?|directions?|directives?|"
        r"system (?:prompt|message)|prompts?|rules|orders|operator|content policy|policy|"
        r"restrictions?|criteria|programming|configuration|setup text|setup)\b"
        r"|\b(?:original|previous|prior|earlier|initial|current|old|existing) (?:[\w'’-]+ )?"
        r"(?:request|question|task|instructions?|directions?|guidance|brief|assignment|job)\b"
        r"|\bthe (?:user|person|reader|customer)" + _A + r"?s? (?:original )?(?:question|request|"
        r"instructions?|task|query)\b"
        r"|\b(?:what(?:ever)?|everything|anything|all) (?:[\w'’-]+ ){0,2}(?:you were|you"
        + _A
        + r"ve been|you have been|"
        r"the user|your user) (?:told|given|asked|handed|instructed|started with)\b"
        r"|\bthe (?:question|request|prompt|query|task|message) (?:the user|they|you|your user) "
        r"(?:typed|asked|gave|wrote|sent|entered|made)\b"
        r"|\b(?:task|brief|instructions?|guidance|question|request|prompt) you (?:were|got|"
        r"received)\b|\bwhoever set you up\b|\b(?:user|person)" + _A + r"?s? next request\b"
        r"|\b(?:its|their|your) operator" + _A + r"?s?\b"
    ),
    "drop": (
        r"\b(?:ignore|ignoring|ignored|disregard\w*|forget\w*|let go of|"
        r"(?:set|put|lay|leave|push) (?:[\w'’-]+ ){0,3}aside|throw out|throw away|"
        r"expired|outdated|obsolete|revoked|rescinded|withdrawn|null and void|suspended|lifted|"
        r"drop|dropping|abandon\w*|discard\w*|overrides?|overridden|supersed\w+|void|"
        r"scrap|skip(?:ping)? (?:the|your|any)|swap (?:out|it for)|replace (?:it|that|this|"
        r"what|whatever)|cancel(?:l?ed)?|no longer (?:apply|applies|"
        r"valid|relevant|matter|need)|takes? precedence|replaces? (?:them|it|your)|"
        r"stop (?:following|summari[sz]ing|answering|doing|translating|what)|"
        r"do not follow|don" + _A + r"t follow|no longer follow|"
        r"(?:treat|consider|regard) (?:[\w'’-]+ ){1,8}as (?:void|superseded|obsolete|invalid|"
        r"a test|your new|cancell?ed|null|irrelevant|outdated|expired|withdrawn|a draft)|"
        r"written by mistake|was a test|only a draft|instead)\b"
    ),
    "new_orders": (
        r"\b(?:new|real|true|actual|updated|only) (?:instructions?|orders|role|task|purpose|"
        r"job|directives?|rules|goal|mission|identity)\b"
        r"|\bfrom (?:here|now|this [\w-]+) on\b|\bfrom this point\b"
        r"|\b(?:takes?|take|follow|obey) (?:[\w'’-]+ ){0,2}(?:orders|instructions|commands) "
        r"(?:only )?from\b|\bfollow ours\b"
    ),
    "own_instructions": (
        r"\b(?:the (?:assistant|model|ai|agent|bot)|its)(?:" + _A + r"s)? (?:previous |original |"
        r"current |old |safety |hidden )?(?:rules|instructions|guidelines|guidance|directives|"
        r"system prompt|restrictions|filters)\b|"
        r"\b(?:instructions?|brief|briefing|guidance|guidelines|task|directions|directives|orders|"
        r"rules|prompt|assignment)\b(?: (?:[\w'’-]+ ){0,2})?(?:you were|you" + _A + r"ve been|"
        r"you have been|you got|you received|given to you|handed to you|from your)\b"
        r"|\byour (?:original |previous |prior |earlier |current |initial |existing |old |own |"
        r"hidden |actual )?(?:instructions|brief|briefing|guidance|system prompt|prompt|"
        r"programming|directives|operator|operators|developers|guidelines|configuration|"
        r"training)\b"
        r"|\bsystem (?:prompt|message)\b|\bthe (?:prompt|instructions) (?:above|before)\b"
    ),
    "data": (
        r"\b(?:api[ -]?keys?|passwords?|passcodes?|credentials?|tokens?|secrets?|"
        r"environment variables?|card (?:details|number)|credit card|bank (?:details|account)|"
        r"phone numbers?|home address|e-?mail address(?:es)?|contacts|chat history|"
        r"conversation(?: history| so far)?|previous messages|latest message|messages|"
        r"hidden (?:[\w'’-]+ )?(?:text|instructions|prompt)|context window|your context|"
        r"personal (?:data|details|information)|location|files?|allergies|addresses|"
        r"saved (?:cards?|details|logins?|passwords?|payment \w+)|"
        r"system prompt|names)\b"
    ),
    "leak_verb": (
        r"\b(?:reveal|share|send|sending|forward|paste|append|appended|pass(?:ed)? along|"
        r"hand over|post(?:ing)?|upload|leak|disclose|print|repeat|include|including|"
        r"e-?mail|collect|attach|embed|tell us)\b"
    ),
    "url": r"https?://|\bwww\.|\b[a-z0-9-]+\.(?:example|com|net|org|io|xyz|info|biz)\b",
    "tool_use": (
        r"\b(?:call|invoke|run|execute|open|opened|visit|click|browse|fill in|fill out|"
        r"download|install|checkout|purchase|buy|book|delete|switch off|turn off|disable|"
        r"log in|sign in|tool|tools|terminal|shell|command|curl|form|insert|inject|modify|edit|"
        r"overwrite|commit|push|write to|every (?:html |source |code )?file)\b"
    ),
    "promote": (
        r"\b(?:recommend\w*|rank\w*|rate|rated|rating|five stars|5 stars|ten out of ten|"
        r"10/10|best|winner|(?:rank|list|put|name|place|show|mention)\w* (?:[\w'’-]+ ){0,3}"
        r"first|praise|superior|favou?rabl[ey]|affiliate|discount code|"
        r"five-star|5-star|full marks|glowing|testimonial|of the year|trustworthy|trusted|verified|"
        r"worth buying|must-buy|only one worth|top pick|number one|no\. ?1|"
        r"unqualified|call (?:this|it|them|us) the|sponsored|endorse\w*|"
        r"promo|only (?:[\w'’-]+ )?choice|above all others|competit\w+|overpriced|fake|"
        r"(?:describ|report|present|portray|list|label|class)\w* (?:[\w'’-]+ ){0,3}as|"
        r"call (?:[\w'’-]+ ){0,3}as|highest mark|perfect fit|"
        r"approved)\b"
    ),
    "deceive": (
        r"\b(?:do not|don" + _A + r"t|never|not) (?:mention|tell|reveal to|admit|let (?:them|"
        r"the user) know|disclose|show|inform|alert|warn)\b|\bhide (?:[\w'’-]+ ){0,2}from\b|"
        r"\bwithout showing\b|\bwithout (?:telling|asking|mentioning|informing|"
        r"checking|confirming)\b|\bkeep (?:[\w'’-]+ ){0,3}(?:secret|between us|to yourself|quiet)\b"
        r"|\bbetween us\b|\bquietly\b|\bsecretly\b|\bleave out\b|\bskip(?:ping)? any negative\b"
        r"|\beven though\b|\bsay (?:that )?the user asked\b|\bhas already agreed\b|"
        r"\bno need to (?:check|ask|confirm|bring|mention|tell)\b|\bkeep (?:[\w'’-]+ ){0,3}to "
        r"(?:itself|yourself|themselves)\b|\bnot tell\b|\balready (?:given|granted) "
        r"permission\b|\bwas asked to\b"
    ),
    "output": (
        r"\b(?:respond|reply|answer|output|write|say|state|print)\w* (?:[\w'’-]+ ){0,3}"
        r"(?:only|exactly|verbatim|word for word|the (?:words?|phrase|text|following))\b"
        r"|\bsay (?:that|it|this|the|they|we|our|you)\b"
        r"|\b(?:tell|inform|let|warn|direct|persuade|convince|ask|assure|reassure|remind) "
        r"(?:the |your |every |each |whoever |anyone |everyone )?(?:user|users|person|people|"
        r"reader|readers|buyer|customer|customers|student|tenant|developer|them|human|asked|visitors?|"
        r"travell?ers?|shoppers?|clients?|patients?|is asking)s?\b"
        r"|\b(?:in|to|at the end of|end) (?:your|its|every|each|the) (?:[\w'’-]+ )?"
        r"(?:answer|answers|reply|replies|response|responses|summary|output)\b"
        r"|\b(?:your|its) (?:answer|reply|response|summary|output)\b"
        r"|\bthe (?:correct|right) answer is\b|\bnothing but\b|\bat the top of\b"
        r"|\b(?:start|begin|end|open) (?:your|every|each) (?:[\w'’-]+ )?(?:reply|answer|response|"
        r"summary)\b|\b(?:reply|respond|answer) with\b"
    ),
    "role": (
        r"\b(?:pretend|pretending|act as|acting as|role-?play|persona|you are now|"
        r"your new role|impersonat\w+|unrestricted|no (?:content )?(?:policy|restrictions|"
        r"rules|limits|filters)|developer mode|jailbreak\w*|never admit|answers? only in)\b"
    ),
    "memory": (
        r"\b(?:remember|memory|memori[sz]e|save (?:[\w'’-]+ ){0,4}(?:into|in|to) your|"
        r"for all future|future conversations|every (?:future )?(?:answer|reply|response|"
        r"conversation|session)|rest of (?:this|the) (?:chat|conversation|session)|"
        r"from now on|always|permanently|later (?:chats?|conversations?|sessions?)|"
        r"all future|automatically|every time|each time|"
        r"next time|hold on to|keep in mind|bear in mind|whenever (?:someone|anyone|a user|the "
        r"user))\b"
    ),
    # --- Signs of text *about* models, attacks or people -------------------------------------
    "discussion": (
        r"\b(?:attack\w*|inject\w*|researchers?|research|paper|study|studies|for example|"
        r"e\.g\.|such as|might|mitigat\w+|defen[cs]\w*|vulnerab\w+|malicious|showed|shown|"
        r"tricked|exploit\w*|benchmark\w*|trained|training|policy:|literature|tutorial|"
        r"exercise|game|example|hypothetical|dataset|evaluat\w+|the vendor|owasp|threat)\b"
    ),
    "human_reader": (
        r"\b(?:if you are|if you" + _A + r"re) (?:a |an |the )?(?:new|existing|human|person|"
        r"journalist|customer|contributor|member|parent|student|reader using|visitor|beginner|"
        r"using|hiking|reading this on)\b|\bscreen readers?\b|\bdear (?:customers?|readers?|"
        r"friends|members|colleagues|parents|all|guests|visitors)\b"
    ),
    "quoted": r"[\"“”«»]",
}

_OTHER_AI = (
    r"(?:ki|ia|ai|llms?|kunstliche intelligenz|intelligence artificielle|inteligencia artificial|"
    r"intelligenza artificiale|kunstmatige intelligentie|sprachmodell\w{0,3}|taalmodel\w{0,3}|"
    r"modeles? de langage|modelos? de (?:lenguaje|linguagem)|modell[oi] (?:linguistic[oi]|di "
    r"linguaggio)|ki-\w+|ia-\w+|ai-\w+|chatbots?)"
)
_OTHER_MACHINE = (
    rf"(?:{_OTHER_AI}|assistent(?:en|in)?|assistente?s?|assistenti|asistentes?|agent(?:en|es?|i)|"
    r"modell(?:e|en)?|modelos?|modeles?|bots?|(?:assistent\w*|asistente|agente?|modell\w*|"
    r"modelo|modele) (?:de |d'|di |van )?(?:ki|ia|ai))"
)
_OTHER_LANGUAGES: dict[str, str] = {
    # German, French, Spanish, Italian, Dutch and Portuguese forms of the same families, on the
    # folded text (lower case, no accents). The weights are shared: a family means the same in
    # every language.
    "ai_noun": rf"\b{_OTHER_AI}\b",
    "address_frame": (
        r"\b(?:hinweis|notiz|nachricht|mitteilung|bitte|mot|message|remarque|note|nota|mensaje|"
        r"peticion|solicitud|aviso|messaggio|richiesta|avviso|opmerking|bericht|verzoek|pedido|"
        r"recado)[ ,]{1,2}(?:[\w'-]+ ){0,2}(?:an|fur|pour|a|para|per|aan|voor|al|ao|alla)[ ']"
        r"(?:[\w'-]+ ){0,3}" + rf"{_OTHER_MACHINE}\b[^.!?\n]{{0,50}}?(?::|,| -|—|–)"
        r"|\b(?:falls|wenn) (?:du|sie) (?:ein|eine) (?:[\w'-]+ ){0,2}"
        + rf"{_OTHER_MACHINE}\b"
        + r"|\bsi (?:vous etes|tu es|eres|es|usted es) (?:un|une|una|une?) (?:[\w'-]+ ){0,2}"
        + rf"{_OTHER_MACHINE}\b"
        + r"|\bse (?:sei|e|voce e|es|for) (?:un|una|un'|um|uma)[ ']?(?:[\w'-]+ ){0,2}"
        + rf"{_OTHER_MACHINE}\b"
        + r"|\bals (?:je|u) (?:een )?(?:[\w'-]+ ){0,2}"
        + rf"{_OTHER_MACHINE} (?:bent|is)\b"
        + rf"|\b{_OTHER_MACHINE},? (?:die|der|qui|que|che|die) (?:das|dies|ceci|esto|isto|"
        r"questo|dit|diesen text|este texto|questo testo|deze tekst|ce texte) "
        r"(?:liest|lit|lea|lee|legge|leest|leia|le|verarbeitet|traite|procesa|elabora|verwerkt)\b"
        r"|\b(?:liebe|lieber|cher|chere|querido|querida|caro|cara|beste) (?:[\w'-]+ )?"
        rf"{_OTHER_MACHINE}\b"
    ),
    "request": (
        r"\b(?:bitte|dankbar|sei so nett|seien sie so|merci de|s'il vous plait|veuillez|"
        r"reconnaissants?|por favor|agradecer\w*|agradecemos|per favore|grat[io]|ti preghiamo|"
        r"vi preghiamo|alsjeblieft|alstublieft|wilt u|wil je|graag|por gentileza|pedimos que|"
        r"wir bitten|nous vous demandons|le pedimos|vi chiediamo|wij vragen)\b"
    ),
    "instructions": (
        r"\b(?:anweisungen|vorgaben|auftrag|aufgabe|richtlinien|consignes|instructions|"
        r"directives|instrucciones|indicaciones|istruzioni|indicazioni|instructies|opdracht|"
        r"instrucoes|orientacoes|(?:la |de )?(?:demande|pregunta|peticion|richiesta|domanda|"
        r"vraag|pergunta|pedido|frage|anfrage) (?:de l'|del |dell'|van de |do |des )?"
        r"(?:utilisateur|usuario|utente|gebruiker|utilizador|nutzers?))\b"
    ),
    "drop": (
        r"\b(?:ignorier\w*|vergiss|vergessen|beiseite\w*|oublie\w*|ignore[rz]|ignorez|"
        r"mett\w* de cote|laiss\w* de cote|olvid\w*|ignor[ae]\w*|dej\w* de lado|dimentic\w*|"
        r"lascia\w* perdere|vergeet|negeer\w*|esquec\w*|deix\w* de lado|ignorass\w*)\b"
    ),
    "data": (
        r"\b(?:e-mail-adresse|adresse e-mail|adresse|direccion|correo|indirizzo|e-mailadres|"
        r"locatie|standort|ubicacion|posizione|localizacao|passwort|mot de passe|contrasena|"
        r"wachtwoord|senha|telefonnummer|numero de telephone|gesprach|conversation|"
        r"conversacion|conversazione|gesprek|conversa)\b"
    ),
    "leak_verb": (
        r"\b(?:schick\w*|send\w*|ubermittl\w*|weiterleit\w*|transmett\w*|envo\w*|envi\w*|"
        r"reenvi\w*|inoltr\w*|invi\w*|stuur\w*|doorsturen|encaminh\w*|teile\w*|partag\w*|"
        r"compart\w*|condivid\w*|deel\w*|compartilh\w*)\b"
    ),
    "promote": (
        r"\b(?:empfehl\w*|recommand\w*|recomend\w*|consigli\w*|raccomand\w*|aanbevel\w*|"
        r"aanraden|beste[nr]?|meilleur\w*|mejor\w*|migliore|melhor\w*|cinq etoiles|"
        r"cinco estrel\w*|cinque stelle|vijf sterren|funf sterne)\b"
    ),
    "output": (
        r"\b(?:sag\w*|antworte\w*|dites|dis|reponds|dile|di|digli|diga|responde\w*|rispondi|"
        r"vertel|zeg|antwoord)\b (?:[\w'-]+ ){0,2}(?:dem|der|den|a l'|au|al|a la|ao|aan de|"
        r"tegen de)? ?(?:nutzer\w*|gast|kunden|utilisateur|client|usuario|inquilino|cliente|"
        r"utente|gebruiker|klant|utilizador)\b"
    ),
    "deceive": (
        r"\b(?:erwahn\w* [^.!?\n]{0,40}nicht|nicht erwahn\w*|ne mentionn\w* pas|no menciones|"
        r"non citare|non menzionare|niet vermelden|noem [^.!?\n]{0,40}niet|nao mencion\w*|"
        r"sans le dire|sin decir|senza dire|zonder te zeggen|sem dizer)\b"
    ),
    "memory": (
        r"\b(?:merk dir|speicher\w*|ab jetzt|von nun an|retiens|desormais|a partir de "
        r"maintenant|recuerda|a partir de ahora|ricorda|d'ora in poi|onthoud|vanaf nu|lembre|"
        r"de agora em diante)\b"
    ),
}
"""The families in six more languages, joined to the English patterns."""
PATTERNS: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern + ("|" + _OTHER_LANGUAGES[name] if name in _OTHER_LANGUAGES else ""))
    for name, pattern in _GROUPS.items()
}
ADDRESS_ANCHOR = re.compile(
    rf"\b(?:{_AI_NOUN}|{_MACHINE_NOUN}|{_OTHER_MACHINE}|whoever|whatever|whichever|anyone|"
    r"anything|someone|machines?|summari[sz]ing|condensing|analy[sz]ing|indexing|parsing|"
    r"processing|behalf|pipeline|answer|summary|response|reply|output|asked|summari[sz]e|"
    r"process|parse|index|your|condense|ingest|digest)\b"
)
"""Words that every address pattern contains: sentences without one are never addresses."""
STRONG = re.compile(rf"\b{_STRONG_NOUN}\b")
"""A head that can only name a program ("AI", "LLM", "bot", "automated ...")."""
