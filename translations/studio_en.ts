<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AnswerCard</name>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped. The answer may be incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the removed passages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AppSettings</name>
    <message>
        <source>{language!r} is not a language code such as &apos;de&apos; or &apos;pt_BR&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings file cannot be written: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AssistantForm</name>
    <message>
        <source>This text is too long: at most {limit} characters, it has {length}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a complete address that starts with http:// or https://.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose one of the listed options.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fill in this field.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>German</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>French</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Italian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Polish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AssistantWindow</name>
    <message>
        <source>{title} — Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start (Ctrl+Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the answer (Esc); what arrived so far is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the answer as Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer appears here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} · {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong while preparing; the log has the details.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AssistantsMenu</name>
    <message>
        <source>{title}…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatList</name>
    <message>
        <source>New chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new chat (Ctrl+N)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search chats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No chats yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{title}” deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No chat matches the search.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatSession</name>
    <message>
        <source>The provider {name} is no longer set up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong while answering; the log has the details.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatStore</name>
    <message>
        <source>Your chats could not be read: the file {problem}. Studio started a new chat history and kept the old file as {kept!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>belongs to another program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is not a database ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is damaged ({detail})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat history {path!r} is already open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat history {path!r} could not be opened: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat history {path!r} is not open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat history {path!r} could not be used: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat history {path!r} is closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no chat {chat_id!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no answer {answer_id!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat history {path!r} is a folder where Studio expects a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your chat history {path!r} is a folder where Studio expects a file, so Studio started without your chats and leaves the folder as it is; chats you start now are not saved. Move or rename the folder, then start Studio again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat history {path!r} is locked by another program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your chat history {path!r} is locked by another program, perhaps another Studio, so Studio started without your chats and leaves the file as it is; chats you start now are not saved. Close the other program, then start Studio again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chat history {path!r} was written by a newer Studio: it is chat history version {version}, and this Studio ({studio}) reads up to version {supported}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your chat history {path!r} was written by a newer Studio: it is chat history version {version}, and this Studio ({studio}) reads up to version {supported}. Studio started without your chats and leaves the file as it is; chats you start now are not saved. To open your chats, use a Studio that reads chat history version {version}: the one that wrote it, or a later one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your chat history {path!r} could not be opened ({error}), so Studio started without your chats and leaves the file as it is; chats you start now are not saved. Fix the problem, then start Studio again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatTurn</name>
    <message>
        <source>This chat holds content that may only be sent to a provider with confidence {required} or higher; {provider!r} has {actual}. Choose another provider or start a new chat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This content may only be sent to a provider with confidence {required} or higher; {provider!r} has {actual}. Choose a provider with confidence {required} or higher in the assistant, or raise this provider&apos;s confidence in the settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This chat holds content that may only be sent to a self-hosted provider; {provider!r} is not one. Choose a self-hosted provider, such as Ollama or LM Studio, or start a new chat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This content may only be sent to a self-hosted provider; {provider!r} is not one. Choose a self-hosted provider, such as Ollama or LM Studio, in the assistant.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfigError</name>
    <message>
        <source>The setting {field!r} of tool {tool!r} is managed by your organisation.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Start a conversation: type a message below.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FieldEditor</name>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the stored secret when you save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set by your organisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored in the keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default: {value}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed when you save</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JsonText</name>
    <message>
        <source>the file nests more than {limit} levels deep, which no Studio file does</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LanguagePage</name>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language of Studio&apos;s menus, dialogs and messages. A new choice applies at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default ({language})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follows the language of your operating system by default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What Studio sends to a model, such as the descriptions of its tools, stays in English, the language models follow best.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language applies now but could not be saved: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LegalCheckAssistant</name>
    <message>
        <source>Check a legal text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model reviews a contract, terms of service or a privacy policy for what you choose. Web search is not available here, so the text never becomes a search query. This is not legal advice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Legal text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste the legal text to check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a contract, terms of service or a privacy policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose what to check.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unfair or surprising clauses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data protection (GDPR)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plain-language summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Obligations and deadlines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optional, such as Germany or the EU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused tool calls in this chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add provider…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Assistants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused tool calls in all chats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refused tool calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{title} — Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} · {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set up a provider to start chatting.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Managed</name>
    <message>
        <source>Managed by your organisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Managed by your organisation: {policy}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Managed by your organisation: a policy could not be used, so every tool is switched off until it is fixed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Managed by your organisation: {policy} could not be used, so every tool is switched off until it is fixed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MarkdownView</name>
    <message>
        <source>Image not loaded: {alt} ({address})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Image not loaded: {address}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageBox</name>
    <message>
        <source>Ask anything. Enter sends, Shift+Enter adds a line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What sending now would carry: system prompt, chat so far, this message and the tool definitions. Tokens are estimated at four characters each; the model&apos;s own count differs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the message (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the answer (Esc); what arrived so far is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Characters: {characters} · Tokens (estimate): ~{tokens}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OrganizationPage</name>
    <message>
        <source>Policies in force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policies not in force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No organisation policy applies on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your organisation can decide some of Studio&apos;s settings for everyone with policy files on this computer. Where two policies decide the same setting, the first one listed wins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A policy could not be used, so every tool is switched off until it is fixed. Your administrator can see every problem with `studio policy check`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the tool settings of this profile as a policy file, to give every user of your organisation the same settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export tool settings as policy…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy was written to {path}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OutsideContentNotice</name>
    <message>
        <source>This chat contains content from outside ({source}). Tools that send data out or change things now need your approval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n suspicious passage(s) removed</source>
        <translation>
            <numerusform>%n suspicious passage removed</numerusform>
            <numerusform>%n suspicious passages removed</numerusform>
        </translation>
    </message>
    <message>
        <source>Show passages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the tool calls they were removed from</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicyCheck</name>
    <message>
        <source>{key!r} is a setting of the tool {tool!r}, which is not installed; the value is kept and applies when the tool is installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tool {tool!r} has no setting {field!r}, so the value is not used; its settings are: {known}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{key!r} is a secret and was shipped as plain text, so it was refused and the field stays empty; ship it as an ENC:v1: value (`studio policy encrypt --key {key}`)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{key!r} is a secret and was shipped as a plain-text default, so it was refused and each user&apos;s own value applies; secrets ship only as ENC:v1: values, always locked (`studio policy encrypt --key {key}`)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value does not fit the field, so the tool cannot run with it: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; it is kept and switched off when it is installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; its minimum confidence is kept and applies when it is installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; it is kept and runs without asking in chats with outside content when it is installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; it is kept among the default tools of {component} and selected when it is installed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicyExport</name>
    <message>
        <source>{key!r} is a secret and can only be exported encrypted, but no policy secret was delivered (STUDIO_POLICY_SECRET, the policy secret file or the registry); nothing was exported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no tool {tool!r} to export; the tools are: {known}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The export would not be a valid policy ({problem}); nothing was exported.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicyExportDialog</name>
    <message>
        <source>Export tool settings as policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every tool setting that has a value is exported, and each minimum confidence as a fixed requirement. Settings without a value are left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Locked: users cannot change the values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Defaults: used until a user saves their own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include secrets (encrypted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secrets are encrypted with your organisation&apos;s policy secret and are always exported locked. Without this, each user enters their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the policy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Policy files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The policy could not be written: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicyLoader</name>
    <message>
        <source>the policy is not UTF-8 text (the bytes at offset {offset} are not)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy nests more than {limit} levels deep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy holds more than {limit} values, which no policy needs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy could not be checked; see the log for details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy is not JSON: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the key {key!r} appears more than once in the same object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{constant} is not a JSON number; write a number or a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a policy must be a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and {count} more problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the API key of provider {name!r} is not encrypted, so it was refused; ship it as an ENC:v1: value (`studio policy encrypt`) or leave it out so each user enters their own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{key!r} holds an encrypted value, which is always locked, not a default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>another policy already has the id {policy_id!r} ({other}); ids must differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy secret: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value of {key!r} could not be decrypted ({error})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name!r} is listed as trusted, but no policy ships a provider of that name; only providers a policy ships can be trusted</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicyLocations</name>
    <message>
        <source>the policy is larger than {limit} bytes, which no policy needs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policies found before this one already hold {limit} bytes, more than any organisation needs; this one was not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the folder holds more than {limit} policy files; none of them was read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy cannot be read: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy is not a regular file (a folder, a pipe or a device)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the managed preferences are not a property list: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the registry value &apos;Policy&apos; must be a string holding a JSON document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy secret file {path!r} is ignored: only the system&apos;s administrator may own and change it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicyProblem</name>
    <message>
        <source>{place}, at {where}: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{place}: {message}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PolicySecret</name>
    <message>
        <source>the value of {key!r} is encrypted, but no policy secret was delivered to decrypt it (STUDIO_POLICY_SECRET, the policy secret file or the registry)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value of {key!r} could not be decrypted: it was encrypted with another policy secret, for another setting, or it was changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the value of {key!r} is not a complete ENC:v1: value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the policy secret is empty</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PromptInjectionGuard</name>
    <message>
        <source>Studio removed suspicious instructions from {source} before using it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio removed suspicious instructions from {n} sources before using them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio could not check {source} for prompt injections. The content is used as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio could not check {n} sources for prompt injections. The content is used as it is.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderError</name>
    <message>
        <source>The provider {provider!r} answered with HTTP status {status}: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {provider!r} refused the API key (HTTP 401). Check the key in the provider&apos;s settings. The provider said: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {provider!r} does not allow this request with this API key (HTTP 403). The provider said: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {provider!r} does not know the model {model!r}, or the base URL is wrong (HTTP 404). The provider said: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {provider!r} is limiting the number of requests (HTTP 429). Wait a moment and try again. The provider said: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {provider!r} asked to wait {seconds} seconds before the next request (HTTP {status}). Try again after that. The provider said: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {provider!r} had a server error (HTTP {status}). Try again later. The provider said: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio could not connect to the provider {provider!r} at {host!r}. Check the base URL and that the server is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {provider!r} did not answer in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} broke off or could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {provider!r} stopped the answer: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} is in the character set {charset!r}, which is not a text encoding Studio can read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} is in the character set {charset!r} without a byte order mark, so Studio cannot tell how to read it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} is too large: more than {megabytes} MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} has an event that is too large: more than {megabytes} MiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {provider!r} sent no new content for {seconds} seconds, so Studio stopped the answer. What arrived before is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {provider!r} returned an invalid tool calling response. Check the provider&apos;s tool calling configuration and see the logs for details.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderLabels</name>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untrusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Very low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moderate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>High</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderPicker</name>
    <message>
        <source>Provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add provider…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} · {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{type}, {address}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No provider set up yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence: {level}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How far you trust this provider with your data. Tools that need more confidence are not offered to it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderSettings</name>
    <message>
        <source>A provider name must not be blank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider name {name!r} is not valid: use 1 to {length} letters, digits, spaces, &apos;-&apos;, &apos;_&apos; or &apos;.&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model must not be blank.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model {model!r} is not valid: use at most {length} printable characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The base URL {url!r} is not valid: give an absolute http:// or https:// address, such as https://api.example.com/v1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A base URL takes no user name, password, query or fragment; Studio keeps the API key in the OS keyring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The additional API parameters must be plain JSON values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider type {type!r} has no default address, so it needs a base URL.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider setting {field!r} is not valid: {problem}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderSetupDialog</name>
    <message>
        <source>Set up a provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Welcome to Studio. To chat, tell Studio which AI model to talk to: a cloud provider with an API key, or a model running on your own machine, such as Ollama or LM Studio.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a provider Studio can send your chats to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model id as the host names it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose how far you trust it…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change a provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress timeout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio stops an answer that brings no new text or tool call for this long; the text that arrived is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs on a machine you control, or you trust it with anything.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A contract binds how it handles your data, in a region you accept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A reputable service that promises not to keep or train on your data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It may keep your data for a while; nothing sensitive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It may keep your data and train on it; only public information.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You do not know how it handles your data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send it nothing you would mind seeing published; no tool uses it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key is kept only in the keyring {backend!r}, which you chose.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required: where the server listens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave empty for the provider&apos;s own address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot be stored on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{problem}

A provider that needs no key, such as Ollama or LM Studio on this computer, still works.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave empty to keep the key as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave empty to keep the stored key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No key is stored; type one to store it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No key is stored; most local servers need none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required; stored in your system keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key is kept only in your system keyring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change how Studio reaches {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required; stored in the keyring you chose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optional; most local servers need none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave empty if the server needs no key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools that handle sensitive data are offered only to trusted providers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio could not store the API key: {problem}

You can still add a provider that needs no key, such as Ollama or LM Studio on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio could not save the provider: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderStore</name>
    <message>
        <source>There is no provider {name!r}; the providers: {known}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no provider {name!r}; the providers: none are set up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is already a provider {name!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider type {type!r} needs an API key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No API key could be read for the provider {name!r}, whose type {type!r} needs one. {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No API key could be read for the provider {name!r}: none is stored, and its type {type!r} needs one. Enter the key in the provider&apos;s settings, or remove the provider and add it again with its key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No API key could be read for the provider {name!r}: your organisation&apos;s policy {origin} leaves each user to enter their own key, and none is stored. Enter your key in the provider&apos;s settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your providers file could not be read as a list of providers, so Studio started with no providers. The original file is kept as {kept!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your providers file could not be read as a list of providers ({reason}), so Studio started with no providers. The original file is kept as {kept!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Managed by your organisation: {origin}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {name!r} is managed by your organisation&apos;s policy {origin}, so it cannot be changed or removed here. Ask your administrator to change it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider {name!r} is managed by your organisation&apos;s policy {origin}: only your own API key for it can be changed. Ask your administrator to change anything else.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The API key of the provider {name!r} comes from your organisation&apos;s policy {origin}, so it cannot be changed here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The API key your organisation&apos;s policy {origin} ships for the provider {name!r} could not be used: it is not encrypted, or it does not decrypt with the policy secret on this computer. Ask your administrator to ship the key again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your providers file changed while Studio was running but could not be read as a list of providers, so Studio kept the providers it had and saved them again. The changed file is kept as {kept!r}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderType</name>
    <message>
        <source>OpenAI (Responses API)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI (Chat Completions API)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anthropic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>llama.cpp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenRouter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groq</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mistral AI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other OpenAI-compatible host</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Remove provider</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the provider {name}? Its API key is deleted from the keyring. Chats that used it stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the provider {name}? Chats that used it stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model providers Studio can ask. API keys are kept in your system&apos;s keyring, never in a file; the confidence you give a provider decides which tools it may use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No provider is set up yet. Add one to start chatting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Change…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Managed by your organisation; you can enter your own API key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider could not be removed: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From your organisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not usable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReadWebPageTool</name>
    <message>
        <source>This chat now allows its data to go only to configured services, so no web page can be read. Continue without reading the page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This chat now limits where its data may be sent: only addresses that the user, the system prompt or a tool result gave may be read, and this address is not one of them. Ask the user for the address instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content from {origin} limits where this chat&apos;s data may be sent: only addresses that the user, the system prompt or a tool result gave may be read, and this address is not one of them. Ask the user for the address instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only addresses that appear word for word in the conversation may be read, and this address does not. Ask the user for the address, or let the user switch on free address choice in the tool&apos;s settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeout (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long one page may take to load, redirects included.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum content characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much of a page&apos;s text the model receives; longer pages are cut at a paragraph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed private hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Free address choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hosts on your private network or VPN that the model may read, separated by commas, semicolons or lines: &apos;wiki.example.de&apos; allows that host, &apos;*.example.de&apos; its subdomains. Only a provider with High confidence may read them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off: the model reads only addresses that appear in the conversation. On: it may read any public address it chooses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read web page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lets the model read a web page or text document and use its content, with links made absolute and suspicious instructions removed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RemovedPassage</name>
    <message>
        <source>Removed passage: {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put back into my message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adds this passage to your message as a quote; nothing is sent until you send it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RemovedPassages</name>
    <message>
        <source>tried to overrule your instructions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pretended to be the system or the assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tried to send data away</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tried to lift the model&apos;s safety rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tried to make the model act for it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>faked the end of the content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hid instructions in the page&apos;s markup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hid instructions in encoded text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tried to be remembered for later chats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>disguised an instruction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>looked like an instruction to the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From {source}:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From {source}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <source>No secure keyring is available, so Studio cannot store secrets. On Linux, install and start a Secret Service provider such as GNOME Keyring (package gnome-keyring) or KWallet, then restart Studio; Windows and macOS use their built-in credential stores. Studio never writes secrets to a plain file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: the keyring {backend!r} is not a secure store, so it may keep the key unencrypted, readable by anyone who can read your files. To keep keys safe, let Studio use your system&apos;s keyring: remove the choice of backend from PYTHON_KEYRING_BACKEND or keyring&apos;s configuration file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keyring could not read the secret {name!r} of {owner!r}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keyring could not write the secret {name!r} of {owner!r}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keyring could not delete the secret {name!r} of {owner!r}: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keyring could not read the secret {name!r} of {owner!r} ({kind}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keyring could not write the secret {name!r} of {owner!r} ({kind}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keyring could not delete the secret {name!r} of {owner!r} ({kind}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Services</name>
    <message>
        <source>Your organisation&apos;s policy could not be used, so every tool is switched off until it is fixed: {problem}. Your administrator can see every problem with `studio policy check`.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your organisation&apos;s policy: {problem}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your settings file and your providers file could not be read as settings, so Studio started with default settings and no providers. The original files are kept as {settings_kept!r} and {providers_kept!r}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsStore</name>
    <message>
        <source>Your settings file could not be read as settings, so Studio started with default settings. The original file is kept as {kept!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your settings file could not be read as settings ({reason}), so Studio started with default settings. The original file is kept as {kept!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your settings file changed while Studio was running but could not be read as settings, so Studio kept the settings it had and saved them again. The changed file is kept as {kept!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio reset what it could not use in your settings file to the defaults ({names}) and kept the rest of your settings. The original file is kept as {kept!r}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio could not use some values in your settings file ({names}), so it uses the defaults for them for now and keeps the rest of your settings; the file itself is left as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file does not hold a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is larger than {limit} MiB, which no Studio file is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown file version {version!r}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file was written by a newer Studio (version {version}, this one reads up to {supported})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path!r} is a folder where Studio expects a file, so Studio cannot read or change it. Move or rename the folder, then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{path!r} is a folder where Studio expects a file, so Studio started without it and leaves the folder as it is. Move or rename the folder, then start Studio again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio cannot read {path!r} ({error}). Make the file readable (check its permissions, for example), then try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio cannot read {path!r} ({error}), so it started without it and leaves the file as it is. Make the file readable (check its permissions, for example), then start Studio again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsWindow</name>
    <message>
        <source>Settings — Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Providers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Organisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourcesBadge</name>
    <message numerus="yes">
        <source>Sources (%n)</source>
        <translation>
            <numerusform>Sources (%n)</numerusform>
            <numerusform>Sources (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Show the sources of this answer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SourcesList</name>
    <message>
        <source>Sources provided by the AI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sources used by tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sources provided by the data providers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatusChip</name>
    <message>
        <source>Executed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolApproval</name>
    <message>
        <source>This chat contains content from {source}, which may carry instructions from someone else, so this call needs the user&apos;s approval, and the user could not be asked. The user can allow the tool for such chats in its settings. Continue without this call.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The user did not approve this call. Continue without it, and do not make it again unless the user asks for it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolCallingLoop</name>
    <message>
        <source>The tool call was invalid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model did not return a final answer after completing the available tool calls.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model completed the tool call but did not return a final answer.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolCategory</name>
    <message>
        <source>Web</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolExecutor</name>
    <message>
        <source>The model called a tool that was not offered for this request: it is not selected here, or it is switched off, not configured or not allowed for this provider.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model called the function {function!r}, which no installed tool provides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This chat now limits where its data may be sent, and this tool would send data beyond the configured services.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Content from {origin} limits where this chat&apos;s data may be sent, and this tool would send data beyond the configured services.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model sent arguments that are not a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool refused an argument: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s arguments do not fit the tool&apos;s parameters: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool declares its parameters with a schema that cannot be used, so it was not run: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool failed: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid tool call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model sent a tool call that could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolForm</name>
    <message>
        <source>Fields marked * are required.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Please configure the required settings: {fields}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolOffer</name>
    <message>
        <source>Tool use is switched off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected model cannot call tools.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This tool is not available here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your organisation has switched this tool off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You have switched this tool off in the settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some required settings are missing ({fields}). Set them up to use this tool.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings of this tool need attention: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This tool needs a provider with confidence {required} or higher; the selected provider has {provider}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This chat holds content that must not leave the app through this tool.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>very low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moderate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>medium</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>high</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolProgress</name>
    <message>
        <source>{done} of {wanted}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolRuntimeStatus</name>
    <message>
        <source>Using tool: {names}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Using tools: {names}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolSelectionWidget</name>
    <message numerus="yes">
        <source>Tools (%n)</source>
        <translation>
            <numerusform>Tools (%n)</numerusform>
            <numerusform>Tools (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n selected</source>
        <translation>
            <numerusform>%n selected</numerusform>
            <numerusform>%n selected</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a model to use tools.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selection cannot change while an answer is being written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tools could not be checked. See the log for details.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolSettings</name>
    <message>
        <source>The tool {tool!r} has no setting {name!r}; its settings are: {known}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your organisation asks for at least {minimum} for {tool!r}; {level} is lower. Choose {minimum} or higher.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your settings file sets {names}, which your organisation manages, so Studio uses the organisation&apos;s values. Your own values stay in the file and return if the organisation stops managing them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setting {name!r} holds a value it cannot use; the value is not shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setting {name!r} holds a value that is not one of the available options.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setting {name!r} holds the value {value!r}, which is not one of the available options ({options}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}, which is not a whole number; enter one in plain digits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}; enter a whole number from {minimum} to {maximum}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}; enter a whole number of at least {minimum}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}; enter a whole number of at most {maximum}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The setting {name!r} was refused: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From {minimum} to {maximum}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At least {minimum}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At most {maximum}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool&apos;s settings could not be checked. See the logs for details.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolSettingsDialog</name>
    <message>
        <source>Tool settings: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your organisation has switched this tool off, so it is not offered in chats. Its settings can still be changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This tool is not available in this app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings could not be read: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This tool has no settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These tools of the collection have no settings: {names}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolSettingsOptions</name>
    <message>
        <source>Any language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arabic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chinese (simplified)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chinese (traditional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Czech</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Danish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English (United Kingdom)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>English (United States)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finnish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>French</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>German (Germany)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>German (Austria)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>German (Switzerland)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Greek</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hebrew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hindi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hungarian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Italian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Korean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Norwegian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Polish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Portuguese (Brazil)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Portuguese (Portugal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Romanian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Russian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Swedish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turkish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ukrainian</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moderate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only addresses from the chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any public address</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ToolsSettingsPage</name>
    <message>
        <source>Switch tools on or off, choose how far a provider must be trusted before a tool is offered to it, and pick the tools that new chats start with.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Available tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tools selected when a new chat or assistant starts in this place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not available in this app.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offered on its own when a chat&apos;s context calls for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Required settings are missing: {fields}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings need attention: {message}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your organisation has switched tool calling off.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceEntry</name>
    <message>
        <source>Arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The result is not kept after the app closes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n passage(s) removed</source>
        <translation>
            <numerusform>%n passage removed</numerusform>
            <numerusform>%n passages removed</numerusform>
        </translation>
    </message>
    <message>
        <source>Removed by the prompt-injection guard</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TraceLogView</name>
    <message>
        <source>Blocked and failed tool calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls that were refused before they ran, or that failed while running, with the reason and the arguments the model sent. Sensitive values are masked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search chats, tools, reasons and arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a call to see its details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All chats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocked and failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocked only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shown: {shown} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tool call was blocked or failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tool call matches the filters.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TracePanel</name>
    <message numerus="yes">
        <source>Tool Calls (%n)</source>
        <translation>
            <numerusform>Tool Calls (%n)</numerusform>
            <numerusform>Tool Calls (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TracePill</name>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n tool call</numerusform>
            <numerusform>%n tool calls</numerusform>
        </translation>
    </message>
    <message>
        <source>Show tool call for {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Show %n tool calls</source>
        <translation>
            <numerusform>Show %n tool call</numerusform>
            <numerusform>Show %n tool calls</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraceTableModel</name>
    <message>
        <source>No arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Executed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TranslationAssistant</name>
    <message>
        <source>Translate a text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model translates your text into the language you choose. No tools run for a translation, and nothing is kept as a chat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Translate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the text to translate.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type or paste the text to translate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose or type the language to translate into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Like the original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Informal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Friendly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Businesslike</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UntrustedAllowanceSwitch</name>
    <message>
        <source>Chats that read web pages, mails or other outside content may contain instructions from strangers; normally Studio then asks before a tool sends data out or changes anything.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run without asking in chats with outside content</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chats that read web pages, mails or other outside content may contain instructions from strangers; normally Studio then asks before this tool sends data out or changes anything.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UserCard</name>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WebRetrieval</name>
    <message>
        <source>The address is not a complete http or https URL with a valid host name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The web server sent a redirect without saying where to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The web page redirected more than {limit} times, so Studio stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The web page is larger than {megabytes} MB, so Studio did not read it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address leads to {media_type!r} content. Studio reads only web pages and text documents, not PDF files, images or other binary content.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The web server compressed the page with {encoding!r}, which Studio cannot read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the web page timed out after {seconds} seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The web server answered with HTTP status {status}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio could not connect to {host!r}, or the connection broke off.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host name {host!r} could not be found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio reads only http and https addresses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio does not read addresses on this computer (localhost) for a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address leads to this computer, a link-local, multicast or reserved network address. Studio never reads such addresses for a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address leads to a private network. Add its host to the allowed private hosts in the tool&apos;s settings if the model may read it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pages on a private network or a VPN can be read only while a provider with High confidence is selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This tool is not allowed to read this address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The page redirected to an address on this computer, which Studio follows only from an address on this computer. Type that address yourself if you want to read it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The page redirected to an address on a private network, which Studio follows only from an address on a private network. Type that address yourself, or add its host to the allowed private hosts in the settings of the Read web page tool.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WebSearchTool</name>
    <message>
        <source>SearXNG address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Safe search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Results per search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many results a search returns when the model does not say.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search timeout (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the search engines may take to answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Page timeout (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long one result page may take to load.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeout for all pages (seconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long loading all result pages may take; pages still loading then are left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total content characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much page text one search returns, all pages together; at least 20 times the minimum per result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum content characters per result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address of your SearXNG instance, such as http://localhost:8888. Its JSON format must be switched on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The language of the results when the model names none. Without a language many search engines return nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How strictly adult content is filtered out; empty leaves it to the search engines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SearXNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enabling the JSON format (search.formats)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{done} of {wanted} pages loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Web search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lets the model search the web through your search backends and read the best results, with suspicious instructions removed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SearXNG address must not hold a user name or password: the settings file is plain text, and Studio keeps secrets only in the system keyring. Enter the address without them, such as https://search.example.org.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much text every result keeps while better-ranked pages take their share.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No search backend is configured. Enter the address of a SearXNG instance in &apos;{field}&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The content budget and the minimum content per result must be positive numbers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The total content budget ({total} characters) must be at least {times} times the minimum content per result ({minimum} characters), that is {needed} characters, so that every result gets its minimum.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SearXNG address must be an absolute http or https address, such as &apos;http://localhost:8888&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SearXNG address must be an absolute http or https address, such as &apos;http://localhost:8888&apos;. It cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WebSummaryAssistant</name>
    <message>
        <source>Studio found no readable text on this page, so there is nothing to summarise. The page may build its content with JavaScript or need a login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarise a web page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Studio reads the page at the address you enter and the model summarises it. Pages on your own network can be read too; their content then goes only to a provider with High confidence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summarise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the page…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the address of the page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optional: what the summary should concentrate on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Short: a few points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Medium: a paragraph or two</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detailed: with headings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same as the page</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>_EntryRow</name>
    <message>
        <source>Enabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your organisation asks for at least {level}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lowest provider confidence this tool runs with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>_PolicyCard</name>
    <message>
        <source>A policy that could not be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in force: none of it applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>_ResultView</name>
    <message>
        <source>Show all</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Showing the first %n characters.</source>
        <translation>
            <numerusform>Showing the first %n character.</numerusform>
            <numerusform>Showing the first %n characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>_ToolPopup</name>
    <message>
        <source>Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tools are available here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>_ToolRow</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the settings of this tool</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
