<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>AnswerCard</name>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Stopped. The answer may be incomplete.</source>
        <translation>Angehalten. Die Antwort ist möglicherweise unvollständig.</translation>
    </message>
    <message>
        <source>The answer failed.</source>
        <translation>Die Antwort ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Show the removed passages</source>
        <translation>Entfernte Passagen zeigen</translation>
    </message>
</context>
<context>
    <name>AppSettings</name>
    <message>
        <source>{language!r} is not a language code such as &apos;de&apos; or &apos;pt_BR&apos;</source>
        <translation>{language!r} ist kein Sprachcode wie &apos;de&apos; oder &apos;pt_BR&apos;</translation>
    </message>
    <message>
        <source>The settings file cannot be written: {error}</source>
        <translation>Die Einstellungsdatei kann nicht geschrieben werden: {error}</translation>
    </message>
</context>
<context>
    <name>AssistantForm</name>
    <message>
        <source>This text is too long: at most {limit} characters, it has {length}.</source>
        <translation>Dieser Text ist zu lang: höchstens {limit} Zeichen, er hat {length}.</translation>
    </message>
    <message>
        <source>Enter a complete address that starts with http:// or https://.</source>
        <translation>Geben Sie eine vollständige Adresse ein, die mit http:// oder https:// beginnt.</translation>
    </message>
    <message>
        <source>Choose one of the listed options.</source>
        <translation>Wählen Sie eine der aufgeführten Möglichkeiten.</translation>
    </message>
    <message>
        <source>Fill in this field.</source>
        <translation>Füllen Sie dieses Feld aus.</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Englisch</translation>
    </message>
    <message>
        <source>German</source>
        <translation>Deutsch</translation>
    </message>
    <message>
        <source>French</source>
        <translation>Französisch</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>Spanisch</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>Italienisch</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation>Portugiesisch</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>Niederländisch</translation>
    </message>
    <message>
        <source>Polish</source>
        <translation>Polnisch</translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation>Chinesisch</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>Japanisch</translation>
    </message>
</context>
<context>
    <name>AssistantWindow</name>
    <message>
        <source>{title} — Studio</source>
        <translation>{title} — Studio</translation>
    </message>
    <message>
        <source>Start (Ctrl+Enter)</source>
        <translation>Starten (Strg+Eingabe)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stop the answer (Esc); what arrived so far is kept</source>
        <translation>Antwort anhalten (Esc); was bisher angekommen ist, bleibt erhalten</translation>
    </message>
    <message>
        <source>Copy answer</source>
        <translation>Antwort kopieren</translation>
    </message>
    <message>
        <source>Copy the answer as Markdown</source>
        <translation>Antwort als Markdown kopieren</translation>
    </message>
    <message>
        <source>The answer appears here.</source>
        <translation>Hier erscheint die Antwort.</translation>
    </message>
    <message>
        <source>{name} · {model}</source>
        <translation>{name} · {model}</translation>
    </message>
    <message>
        <source>Something went wrong while preparing; the log has the details.</source>
        <translation>Bei der Vorbereitung ist etwas schiefgegangen; Einzelheiten stehen im Protokoll.</translation>
    </message>
</context>
<context>
    <name>AssistantsMenu</name>
    <message>
        <source>{title}…</source>
        <translation>{title}…</translation>
    </message>
</context>
<context>
    <name>ChatList</name>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>Start a new chat (Ctrl+N)</source>
        <translation>Einen neuen Chat beginnen (Strg+N)</translation>
    </message>
    <message>
        <source>Search chats</source>
        <translation>Chats durchsuchen</translation>
    </message>
    <message>
        <source>No chats yet.</source>
        <translation>Noch keine Chats.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>“{title}” deleted.</source>
        <translation>„{title}“ gelöscht.</translation>
    </message>
    <message>
        <source>Untitled chat</source>
        <translation>Chat ohne Titel</translation>
    </message>
    <message>
        <source>No chat matches the search.</source>
        <translation>Kein Chat passt zur Suche.</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Umbenennen</translation>
    </message>
</context>
<context>
    <name>ChatSession</name>
    <message>
        <source>The provider {name} is no longer set up.</source>
        <translation>Der Anbieter {name} ist nicht mehr eingerichtet.</translation>
    </message>
    <message>
        <source>Something went wrong while answering; the log has the details.</source>
        <translation>Beim Antworten ist etwas schiefgegangen; Einzelheiten stehen im Protokoll.</translation>
    </message>
</context>
<context>
    <name>ChatStore</name>
    <message>
        <source>Your chats could not be read: the file {problem}. Studio started a new chat history and kept the old file as {kept!r}.</source>
        <translation>Ihre Chats konnten nicht gelesen werden: Die Datei {problem}. Studio hat einen neuen Chatverlauf begonnen und die alte Datei als {kept!r} aufbewahrt.</translation>
    </message>
    <message>
        <source>belongs to another program</source>
        <translation>gehört zu einem anderen Programm</translation>
    </message>
    <message>
        <source>is not a database ({detail})</source>
        <translation>ist keine Datenbank ({detail})</translation>
    </message>
    <message>
        <source>is damaged ({detail})</source>
        <translation>ist beschädigt ({detail})</translation>
    </message>
    <message>
        <source>The chat history {path!r} is already open.</source>
        <translation>Der Chatverlauf {path!r} ist bereits geöffnet.</translation>
    </message>
    <message>
        <source>The chat history {path!r} could not be opened: {error}</source>
        <translation>Der Chatverlauf {path!r} konnte nicht geöffnet werden: {error}</translation>
    </message>
    <message>
        <source>The chat history {path!r} is not open.</source>
        <translation>Der Chatverlauf {path!r} ist nicht geöffnet.</translation>
    </message>
    <message>
        <source>The chat history {path!r} could not be used: {error}</source>
        <translation>Der Chatverlauf {path!r} konnte nicht verwendet werden: {error}</translation>
    </message>
    <message>
        <source>The chat history {path!r} is closed.</source>
        <translation>Der Chatverlauf {path!r} ist geschlossen.</translation>
    </message>
    <message>
        <source>There is no chat {chat_id!r}.</source>
        <translation>Es gibt keinen Chat {chat_id!r}.</translation>
    </message>
    <message>
        <source>There is no answer {answer_id!r}.</source>
        <translation>Es gibt keine Antwort {answer_id!r}.</translation>
    </message>
    <message>
        <source>The chat history {path!r} is a folder where Studio expects a file.</source>
        <translation>Der Chatverlauf {path!r} ist ein Ordner, wo Studio eine Datei erwartet.</translation>
    </message>
    <message>
        <source>Your chat history {path!r} is a folder where Studio expects a file, so Studio started without your chats and leaves the folder as it is; chats you start now are not saved. Move or rename the folder, then start Studio again.</source>
        <translation>Ihr Chatverlauf {path!r} ist ein Ordner, wo Studio eine Datei erwartet. Studio hat daher ohne Ihre Chats gestartet und lässt den Ordner unverändert; Chats, die Sie jetzt beginnen, werden nicht gespeichert. Verschieben oder benennen Sie den Ordner um und starten Sie Studio dann neu.</translation>
    </message>
    <message>
        <source>The chat history {path!r} is locked by another program.</source>
        <translation>Der Chatverlauf {path!r} ist von einem anderen Programm gesperrt.</translation>
    </message>
    <message>
        <source>Your chat history {path!r} is locked by another program, perhaps another Studio, so Studio started without your chats and leaves the file as it is; chats you start now are not saved. Close the other program, then start Studio again.</source>
        <translation>Ihr Chatverlauf {path!r} ist von einem anderen Programm gesperrt, vielleicht von einem anderen Studio. Studio hat daher ohne Ihre Chats gestartet und lässt die Datei unverändert; Chats, die Sie jetzt beginnen, werden nicht gespeichert. Schließen Sie das andere Programm und starten Sie Studio dann neu.</translation>
    </message>
    <message>
        <source>The chat history {path!r} was written by a newer Studio: it is chat history version {version}, and this Studio ({studio}) reads up to version {supported}.</source>
        <translation>Der Chatverlauf {path!r} wurde von einem neueren Studio geschrieben: Er hat die Chatverlaufsversion {version}, und dieses Studio ({studio}) liest bis Version {supported}.</translation>
    </message>
    <message>
        <source>Your chat history {path!r} was written by a newer Studio: it is chat history version {version}, and this Studio ({studio}) reads up to version {supported}. Studio started without your chats and leaves the file as it is; chats you start now are not saved. To open your chats, use a Studio that reads chat history version {version}: the one that wrote it, or a later one.</source>
        <translation>Ihr Chatverlauf {path!r} wurde von einem neueren Studio geschrieben: Er hat die Chatverlaufsversion {version}, und dieses Studio ({studio}) liest bis Version {supported}. Studio hat ohne Ihre Chats gestartet und lässt die Datei unverändert; Chats, die Sie jetzt beginnen, werden nicht gespeichert. Um Ihre Chats zu öffnen, verwenden Sie ein Studio, das die Chatverlaufsversion {version} liest: das, das ihn geschrieben hat, oder ein neueres.</translation>
    </message>
    <message>
        <source>Your chat history {path!r} could not be opened ({error}), so Studio started without your chats and leaves the file as it is; chats you start now are not saved. Fix the problem, then start Studio again.</source>
        <translation>Ihr Chatverlauf {path!r} konnte nicht geöffnet werden ({error}). Studio hat daher ohne Ihre Chats gestartet und lässt die Datei unverändert; Chats, die Sie jetzt beginnen, werden nicht gespeichert. Beheben Sie das Problem und starten Sie Studio dann neu.</translation>
    </message>
</context>
<context>
    <name>ChatTurn</name>
    <message>
        <source>This chat holds content that may only be sent to a provider with confidence {required} or higher; {provider!r} has {actual}. Choose another provider or start a new chat.</source>
        <translation>Dieser Chat enthält Inhalte, die nur an einen Anbieter mit der Vertrauensstufe {required} oder höher gesendet werden dürfen; {provider!r} hat {actual}. Wählen Sie einen anderen Anbieter oder beginnen Sie einen neuen Chat.</translation>
    </message>
    <message>
        <source>This content may only be sent to a provider with confidence {required} or higher; {provider!r} has {actual}. Choose a provider with confidence {required} or higher in the assistant, or raise this provider&apos;s confidence in the settings.</source>
        <translation>Dieser Inhalt darf nur an einen Anbieter mit Vertrauensstufe {required} oder höher gehen; {provider!r} hat {actual}. Wählen Sie im Assistenten einen Anbieter mit Vertrauensstufe {required} oder höher, oder erhöhen Sie die Vertrauensstufe dieses Anbieters in den Einstellungen.</translation>
    </message>
    <message>
        <source>This chat holds content that may only be sent to a self-hosted provider; {provider!r} is not one. Choose a self-hosted provider, such as Ollama or LM Studio, or start a new chat.</source>
        <translation>Dieser Chat enthält Inhalte, die nur an einen selbst gehosteten Anbieter gesendet werden dürfen; {provider!r} ist keiner. Wählen Sie einen selbst gehosteten Anbieter wie Ollama oder LM Studio, oder beginnen Sie einen neuen Chat.</translation>
    </message>
    <message>
        <source>This content may only be sent to a self-hosted provider; {provider!r} is not one. Choose a self-hosted provider, such as Ollama or LM Studio, in the assistant.</source>
        <translation>Diese Inhalte dürfen nur an einen selbst gehosteten Anbieter gesendet werden; {provider!r} ist keiner. Wählen Sie im Assistenten einen selbst gehosteten Anbieter wie Ollama oder LM Studio.</translation>
    </message>
</context>
<context>
    <name>ConfigError</name>
    <message>
        <source>The setting {field!r} of tool {tool!r} is managed by your organisation.</source>
        <translation>Die Einstellung {field!r} des Werkzeugs {tool!r} wird von Ihrer Organisation verwaltet.</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Start a conversation: type a message below.</source>
        <translation>Beginnen Sie ein Gespräch: Geben Sie unten eine Nachricht ein.</translation>
    </message>
</context>
<context>
    <name>FieldEditor</name>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the stored secret when you save</source>
        <translation>Das gespeicherte Geheimnis beim Speichern entfernen</translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation>Von Ihrer Organisation verwaltet</translation>
    </message>
    <message>
        <source>Set by your organisation</source>
        <translation>Von Ihrer Organisation festgelegt</translation>
    </message>
    <message>
        <source>Stored in the keyring</source>
        <translation>Im Schlüsselbund gespeichert</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>Nicht festgelegt</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Default: {value}</source>
        <translation>Standard: {value}</translation>
    </message>
    <message>
        <source>Removed when you save</source>
        <translation>Wird beim Speichern entfernt</translation>
    </message>
</context>
<context>
    <name>JsonText</name>
    <message>
        <source>the file nests more than {limit} levels deep, which no Studio file does</source>
        <translation>die Datei ist tiefer als {limit} Ebenen verschachtelt, was keine Studio-Datei ist</translation>
    </message>
</context>
<context>
    <name>LanguagePage</name>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>The language of Studio&apos;s menus, dialogs and messages. A new choice applies at once.</source>
        <translation>Die Sprache der Menüs, Dialoge und Meldungen von Studio. Eine neue Auswahl gilt sofort.</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>System default ({language})</source>
        <translation>Systemstandard ({language})</translation>
    </message>
    <message>
        <source>Follows the language of your operating system by default</source>
        <translation>Folgt standardmäßig der Sprache Ihres Betriebssystems</translation>
    </message>
    <message>
        <source>What Studio sends to a model, such as the descriptions of its tools, stays in English, the language models follow best.</source>
        <translation>Was Studio an ein Modell sendet, etwa die Beschreibungen seiner Werkzeuge, bleibt auf Englisch, der Sprache, der Modelle am zuverlässigsten folgen.</translation>
    </message>
    <message>
        <source>The language applies now but could not be saved: {error}</source>
        <translation>Die Sprache gilt jetzt, konnte aber nicht gespeichert werden: {error}</translation>
    </message>
</context>
<context>
    <name>LegalCheckAssistant</name>
    <message>
        <source>Check a legal text</source>
        <translation>Rechtstext prüfen</translation>
    </message>
    <message>
        <source>The model reviews a contract, terms of service or a privacy policy for what you choose. Web search is not available here, so the text never becomes a search query. This is not legal advice.</source>
        <translation>Das Modell prüft einen Vertrag, Nutzungsbedingungen oder eine Datenschutzerklärung auf die von Ihnen gewählten Punkte. Die Websuche ist hier nicht verfügbar, damit der Text nie zur Suchanfrage wird. Dies ist keine Rechtsberatung.</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfen</translation>
    </message>
    <message>
        <source>Legal text</source>
        <translation>Rechtstext</translation>
    </message>
    <message>
        <source>Paste the legal text to check.</source>
        <translation>Fügen Sie den zu prüfenden Rechtstext ein.</translation>
    </message>
    <message>
        <source>Paste a contract, terms of service or a privacy policy</source>
        <translation>Vertrag, Nutzungsbedingungen oder Datenschutzerklärung einfügen</translation>
    </message>
    <message>
        <source>Check for</source>
        <translation>Prüfen auf</translation>
    </message>
    <message>
        <source>Choose what to check.</source>
        <translation>Wählen Sie, was geprüft werden soll.</translation>
    </message>
    <message>
        <source>Unfair or surprising clauses</source>
        <translation>Unfaire oder überraschende Klauseln</translation>
    </message>
    <message>
        <source>Data protection (GDPR)</source>
        <translation>Datenschutz (DSGVO)</translation>
    </message>
    <message>
        <source>Plain-language summary</source>
        <translation>Zusammenfassung in einfacher Sprache</translation>
    </message>
    <message>
        <source>Obligations and deadlines</source>
        <translation>Pflichten und Fristen</translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation>Rechtsordnung</translation>
    </message>
    <message>
        <source>Optional, such as Germany or the EU</source>
        <translation>Optional, etwa Deutschland oder die EU</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Studio</source>
        <translation>Studio</translation>
    </message>
    <message>
        <source>Refused tool calls in this chat</source>
        <translation>Abgelehnte Werkzeugaufrufe in diesem Chat</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>&amp;Chat</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <source>&amp;Add provider…</source>
        <translation>&amp;Anbieter hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Assistants</source>
        <translation>A&amp;ssistenten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Refused tool calls in all chats</source>
        <translation>Abgelehnte Werkzeugaufrufe in allen Chats</translation>
    </message>
    <message>
        <source>&amp;Refused tool calls</source>
        <translation>Abgelehnte &amp;Werkzeugaufrufe</translation>
    </message>
    <message>
        <source>{title} — Studio</source>
        <translation>{title} — Studio</translation>
    </message>
    <message>
        <source>{name} · {model}</source>
        <translation>{name} · {model}</translation>
    </message>
    <message>
        <source>Set up a provider to start chatting.</source>
        <translation>Richten Sie einen Anbieter ein, um zu chatten.</translation>
    </message>
</context>
<context>
    <name>Managed</name>
    <message>
        <source>Managed by your organisation</source>
        <translation>Von Ihrer Organisation verwaltet</translation>
    </message>
    <message>
        <source>Managed by your organisation: {policy}</source>
        <translation>Von Ihrer Organisation verwaltet: {policy}</translation>
    </message>
    <message>
        <source>Managed by your organisation: a policy could not be used, so every tool is switched off until it is fixed.</source>
        <translation>Von Ihrer Organisation verwaltet: Eine Richtlinie konnte nicht verwendet werden, daher sind alle Werkzeuge ausgeschaltet, bis sie korrigiert ist.</translation>
    </message>
    <message>
        <source>Managed by your organisation: {policy} could not be used, so every tool is switched off until it is fixed.</source>
        <translation>Von Ihrer Organisation verwaltet: {policy} konnte nicht verwendet werden, daher sind alle Werkzeuge ausgeschaltet, bis sie korrigiert ist.</translation>
    </message>
</context>
<context>
    <name>MarkdownView</name>
    <message>
        <source>Image not loaded: {alt} ({address})</source>
        <translation>Bild nicht geladen: {alt} ({address})</translation>
    </message>
    <message>
        <source>Image not loaded: {address}</source>
        <translation>Bild nicht geladen: {address}</translation>
    </message>
</context>
<context>
    <name>MessageBox</name>
    <message>
        <source>Ask anything. Enter sends, Shift+Enter adds a line.</source>
        <translation>Fragen Sie etwas. Eingabe sendet, Umschalt+Eingabe fügt eine Zeile hinzu.</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>What sending now would carry: system prompt, chat so far, this message and the tool definitions. Tokens are estimated at four characters each; the model&apos;s own count differs.</source>
        <translation>Was jetzt gesendet würde: Systemprompt, bisheriger Chat, diese Nachricht und die Werkzeugdefinitionen. Tokens werden mit je vier Zeichen geschätzt; die Zählung des Modells weicht davon ab.</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Send the message (Enter)</source>
        <translation>Nachricht senden (Eingabe)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Anhalten</translation>
    </message>
    <message>
        <source>Stop the answer (Esc); what arrived so far is kept</source>
        <translation>Antwort anhalten (Esc); was bisher angekommen ist, bleibt erhalten</translation>
    </message>
    <message>
        <source>Characters: {characters} · Tokens (estimate): ~{tokens}</source>
        <translation>Zeichen: {characters} · Tokens (geschätzt): ~{tokens}</translation>
    </message>
</context>
<context>
    <name>OrganizationPage</name>
    <message>
        <source>Policies in force</source>
        <translation>Geltende Richtlinien</translation>
    </message>
    <message>
        <source>Policies not in force</source>
        <translation>Nicht geltende Richtlinien</translation>
    </message>
    <message>
        <source>No organisation policy applies on this computer.</source>
        <translation>Auf diesem Computer gilt keine Richtlinie einer Organisation.</translation>
    </message>
    <message>
        <source>Your organisation can decide some of Studio&apos;s settings for everyone with policy files on this computer. Where two policies decide the same setting, the first one listed wins.</source>
        <translation>Ihre Organisation kann mit Richtliniendateien auf diesem Computer einige Einstellungen von Studio für alle festlegen. Legen zwei Richtlinien dieselbe Einstellung fest, gilt die zuerst aufgeführte.</translation>
    </message>
    <message>
        <source>A policy could not be used, so every tool is switched off until it is fixed. Your administrator can see every problem with `studio policy check`.</source>
        <translation>Eine Richtlinie konnte nicht verwendet werden, daher sind alle Werkzeuge ausgeschaltet, bis sie korrigiert ist. Ihre Administration sieht jedes Problem mit `studio policy check`.</translation>
    </message>
    <message>
        <source>Other problems</source>
        <translation>Weitere Probleme</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Write the tool settings of this profile as a policy file, to give every user of your organisation the same settings.</source>
        <translation>Die Werkzeugeinstellungen dieses Profils als Richtliniendatei schreiben, damit alle in Ihrer Organisation dieselben Einstellungen erhalten.</translation>
    </message>
    <message>
        <source>Export tool settings as policy…</source>
        <translation>Werkzeugeinstellungen als Richtlinie exportieren…</translation>
    </message>
    <message>
        <source>The policy was written to {path}.</source>
        <translation>Die Richtlinie wurde nach {path} geschrieben.</translation>
    </message>
</context>
<context>
    <name>OutsideContentNotice</name>
    <message>
        <source>This chat contains content from outside ({source}). Tools that send data out or change things now need your approval.</source>
        <translation>Dieser Chat enthält Inhalte von außen ({source}). Werkzeuge, die Daten nach außen senden oder etwas verändern, brauchen jetzt Ihre Zustimmung.</translation>
    </message>
    <message numerus="yes">
        <source>%n suspicious passage(s) removed</source>
        <translation>
            <numerusform>%n verdächtige Passage entfernt</numerusform>
            <numerusform>%n verdächtige Passagen entfernt</numerusform>
        </translation>
    </message>
    <message>
        <source>Show passages</source>
        <translation>Passagen zeigen</translation>
    </message>
    <message>
        <source>Open the tool calls they were removed from</source>
        <translation>Die Werkzeugaufrufe öffnen, aus denen sie entfernt wurden</translation>
    </message>
</context>
<context>
    <name>PolicyCheck</name>
    <message>
        <source>{key!r} is a setting of the tool {tool!r}, which is not installed; the value is kept and applies when the tool is installed</source>
        <translation>{key!r} ist eine Einstellung des Werkzeugs {tool!r}, das nicht installiert ist; der Wert bleibt erhalten und gilt, sobald das Werkzeug installiert ist</translation>
    </message>
    <message>
        <source>the tool {tool!r} has no setting {field!r}, so the value is not used; its settings are: {known}</source>
        <translation>das Werkzeug {tool!r} hat keine Einstellung {field!r}, daher wird der Wert nicht verwendet; seine Einstellungen sind: {known}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>{key!r} is a secret and was shipped as plain text, so it was refused and the field stays empty; ship it as an ENC:v1: value (`studio policy encrypt --key {key}`)</source>
        <translation>{key!r} ist ein Geheimnis und wurde als Klartext ausgeliefert, daher wurde es abgelehnt und das Feld bleibt leer; liefern Sie es als ENC:v1:-Wert aus (`studio policy encrypt --key {key}`)</translation>
    </message>
    <message>
        <source>{key!r} is a secret and was shipped as a plain-text default, so it was refused and each user&apos;s own value applies; secrets ship only as ENC:v1: values, always locked (`studio policy encrypt --key {key}`)</source>
        <translation>{key!r} ist ein Geheimnis und wurde als Klartext-Vorgabe ausgeliefert, daher wurde es abgelehnt und es gilt der eigene Wert jeder Person; Geheimnisse werden nur als ENC:v1:-Werte ausgeliefert, immer gesperrt (`studio policy encrypt --key {key}`)</translation>
    </message>
    <message>
        <source>the value does not fit the field, so the tool cannot run with it: {problem}</source>
        <translation>der Wert passt nicht zum Feld, daher kann das Werkzeug damit nicht laufen: {problem}</translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; it is kept and switched off when it is installed</source>
        <translation>{tool!r} ist kein installiertes Werkzeug und keine installierte Sammlung; der Eintrag bleibt erhalten und schaltet es aus, sobald es installiert ist</translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; its minimum confidence is kept and applies when it is installed</source>
        <translation>{tool!r} ist kein installiertes Werkzeug und keine installierte Sammlung; seine Mindestvertrauensstufe bleibt erhalten und gilt, sobald es installiert ist</translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; it is kept and runs without asking in chats with outside content when it is installed</source>
        <translation>{tool!r} ist kein installiertes Werkzeug und keine Sammlung; der Eintrag bleibt erhalten und lässt es nach der Installation in Chats mit Inhalten von außen ohne Nachfrage laufen</translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; it is kept among the default tools of {component} and selected when it is installed</source>
        <translation>{tool!r} ist kein installiertes Werkzeug und keine installierte Sammlung; es bleibt unter den Standardwerkzeugen von {component} und wird ausgewählt, sobald es installiert ist</translation>
    </message>
</context>
<context>
    <name>PolicyExport</name>
    <message>
        <source>{key!r} is a secret and can only be exported encrypted, but no policy secret was delivered (STUDIO_POLICY_SECRET, the policy secret file or the registry); nothing was exported</source>
        <translation>{key!r} ist ein Geheimnis und kann nur verschlüsselt exportiert werden, aber es wurde kein Richtliniengeheimnis bereitgestellt (STUDIO_POLICY_SECRET, die Datei des Richtliniengeheimnisses oder die Registry); es wurde nichts exportiert</translation>
    </message>
    <message>
        <source>There is no tool {tool!r} to export; the tools are: {known}.</source>
        <translation>Es gibt kein Werkzeug {tool!r} zum Exportieren; die Werkzeuge sind: {known}.</translation>
    </message>
    <message>
        <source>The export would not be a valid policy ({problem}); nothing was exported.</source>
        <translation>Der Export wäre keine gültige Richtlinie ({problem}); es wurde nichts exportiert.</translation>
    </message>
</context>
<context>
    <name>PolicyExportDialog</name>
    <message>
        <source>Export tool settings as policy</source>
        <translation>Werkzeugeinstellungen als Richtlinie exportieren</translation>
    </message>
    <message>
        <source>Every tool setting that has a value is exported, and each minimum confidence as a fixed requirement. Settings without a value are left out.</source>
        <translation>Jede Werkzeugeinstellung mit einem Wert wird exportiert, jede Mindestvertrauensstufe als feste Anforderung. Einstellungen ohne Wert werden ausgelassen.</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <source>Locked: users cannot change the values</source>
        <translation>Gesperrt: Die Werte können nicht geändert werden</translation>
    </message>
    <message>
        <source>Defaults: used until a user saves their own</source>
        <translation>Vorgaben: gelten, bis jemand eigene Werte speichert</translation>
    </message>
    <message>
        <source>Include secrets (encrypted)</source>
        <translation>Geheimnisse einschließen (verschlüsselt)</translation>
    </message>
    <message>
        <source>Secrets are encrypted with your organisation&apos;s policy secret and are always exported locked. Without this, each user enters their own.</source>
        <translation>Geheimnisse werden mit dem Richtliniengeheimnis Ihrer Organisation verschlüsselt und immer gesperrt exportiert. Ohne diese Option gibt jede Person ihre eigenen ein.</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Save the policy</source>
        <translation>Richtlinie speichern</translation>
    </message>
    <message>
        <source>Policy files (*.json)</source>
        <translation>Richtliniendateien (*.json)</translation>
    </message>
    <message>
        <source>The policy could not be written: {error}</source>
        <translation>Die Richtlinie konnte nicht geschrieben werden: {error}</translation>
    </message>
</context>
<context>
    <name>PolicyLoader</name>
    <message>
        <source>the policy is not UTF-8 text (the bytes at offset {offset} are not)</source>
        <translation>die Richtlinie ist kein UTF-8-Text (die Bytes ab Position {offset} sind es nicht)</translation>
    </message>
    <message>
        <source>the policy nests more than {limit} levels deep</source>
        <translation>die Richtlinie ist tiefer als {limit} Ebenen verschachtelt</translation>
    </message>
    <message>
        <source>the policy holds more than {limit} values, which no policy needs</source>
        <translation>die Richtlinie enthält mehr als {limit} Werte, was keine Richtlinie braucht</translation>
    </message>
    <message>
        <source>the policy could not be checked; see the log for details</source>
        <translation>die Richtlinie konnte nicht geprüft werden; Einzelheiten stehen im Protokoll</translation>
    </message>
    <message>
        <source>the policy is not JSON: {error}</source>
        <translation>die Richtlinie ist kein JSON: {error}</translation>
    </message>
    <message>
        <source>the key {key!r} appears more than once in the same object</source>
        <translation>der Schlüssel {key!r} kommt im selben Objekt mehrfach vor</translation>
    </message>
    <message>
        <source>{constant} is not a JSON number; write a number or a string</source>
        <translation>{constant} ist keine JSON-Zahl; schreiben Sie eine Zahl oder eine Zeichenkette</translation>
    </message>
    <message>
        <source>a policy must be a JSON object</source>
        <translation>eine Richtlinie muss ein JSON-Objekt sein</translation>
    </message>
    <message>
        <source>and {count} more problems</source>
        <translation>und {count} weitere Probleme</translation>
    </message>
    <message>
        <source>the API key of provider {name!r} is not encrypted, so it was refused; ship it as an ENC:v1: value (`studio policy encrypt`) or leave it out so each user enters their own</source>
        <translation>der API-Schlüssel des Anbieters {name!r} ist nicht verschlüsselt und wurde daher abgelehnt; liefern Sie ihn als ENC:v1:-Wert aus (`studio policy encrypt`) oder lassen Sie ihn weg, damit jede Person ihren eigenen eingibt</translation>
    </message>
    <message>
        <source>{key!r} holds an encrypted value, which is always locked, not a default</source>
        <translation>{key!r} enthält einen verschlüsselten Wert, der immer gesperrt ist, keine Vorgabe</translation>
    </message>
    <message>
        <source>another policy already has the id {policy_id!r} ({other}); ids must differ</source>
        <translation>eine andere Richtlinie hat bereits die ID {policy_id!r} ({other}); IDs müssen sich unterscheiden</translation>
    </message>
    <message>
        <source>the policy secret: {problem}</source>
        <translation>das Richtliniengeheimnis: {problem}</translation>
    </message>
    <message>
        <source>the value of {key!r} could not be decrypted ({error})</source>
        <translation>der Wert von {key!r} konnte nicht entschlüsselt werden ({error})</translation>
    </message>
    <message>
        <source>the policy could not be read</source>
        <translation>die Richtlinie konnte nicht gelesen werden</translation>
    </message>
    <message>
        <source>{name!r} is listed as trusted, but no policy ships a provider of that name; only providers a policy ships can be trusted</source>
        <translation>{name!r} ist als vertrauenswürdig aufgeführt, aber keine Richtlinie liefert einen Anbieter dieses Namens aus; nur Anbieter, die eine Richtlinie ausliefert, können vertrauenswürdig sein</translation>
    </message>
</context>
<context>
    <name>PolicyLocations</name>
    <message>
        <source>the policy is larger than {limit} bytes, which no policy needs</source>
        <translation>die Richtlinie ist größer als {limit} Bytes, was keine Richtlinie braucht</translation>
    </message>
    <message>
        <source>the policies found before this one already hold {limit} bytes, more than any organisation needs; this one was not read</source>
        <translation>die zuvor gefundenen Richtlinien enthalten bereits {limit} Bytes, mehr als eine Organisation braucht; diese wurde nicht gelesen</translation>
    </message>
    <message>
        <source>the folder holds more than {limit} policy files; none of them was read</source>
        <translation>der Ordner enthält mehr als {limit} Richtliniendateien; keine davon wurde gelesen</translation>
    </message>
    <message>
        <source>the policy cannot be read: {error}</source>
        <translation>die Richtlinie kann nicht gelesen werden: {error}</translation>
    </message>
    <message>
        <source>the policy is not a regular file (a folder, a pipe or a device)</source>
        <translation>die Richtlinie ist keine gewöhnliche Datei (ein Ordner, eine Pipe oder ein Gerät)</translation>
    </message>
    <message>
        <source>the managed preferences are not a property list: {error}</source>
        <translation>die verwalteten Einstellungen sind keine Property-Liste: {error}</translation>
    </message>
    <message>
        <source>the registry value &apos;Policy&apos; must be a string holding a JSON document</source>
        <translation>der Registry-Wert &apos;Policy&apos; muss eine Zeichenkette mit einem JSON-Dokument sein</translation>
    </message>
    <message>
        <source>the policy secret file {path!r} is ignored: only the system&apos;s administrator may own and change it</source>
        <translation>die Datei des Richtliniengeheimnisses {path!r} wird ignoriert: nur die Administration des Systems darf sie besitzen und ändern</translation>
    </message>
</context>
<context>
    <name>PolicyProblem</name>
    <message>
        <source>{place}, at {where}: {message}</source>
        <translation>{place}, bei {where}: {message}</translation>
    </message>
    <message>
        <source>{place}: {message}</source>
        <translation>{place}: {message}</translation>
    </message>
</context>
<context>
    <name>PolicySecret</name>
    <message>
        <source>the value of {key!r} is encrypted, but no policy secret was delivered to decrypt it (STUDIO_POLICY_SECRET, the policy secret file or the registry)</source>
        <translation>der Wert von {key!r} ist verschlüsselt, aber es wurde kein Richtliniengeheimnis zum Entschlüsseln bereitgestellt (STUDIO_POLICY_SECRET, die Datei des Richtliniengeheimnisses oder die Registry)</translation>
    </message>
    <message>
        <source>the value of {key!r} could not be decrypted: it was encrypted with another policy secret, for another setting, or it was changed</source>
        <translation>der Wert von {key!r} konnte nicht entschlüsselt werden: er wurde mit einem anderen Richtliniengeheimnis oder für eine andere Einstellung verschlüsselt, oder er wurde verändert</translation>
    </message>
    <message>
        <source>the value of {key!r} is not a complete ENC:v1: value</source>
        <translation>der Wert von {key!r} ist kein vollständiger ENC:v1:-Wert</translation>
    </message>
    <message>
        <source>the policy secret is empty</source>
        <translation>das Richtliniengeheimnis ist leer</translation>
    </message>
</context>
<context>
    <name>PromptInjectionGuard</name>
    <message>
        <source>Studio removed suspicious instructions from {source} before using it.</source>
        <translation>Studio hat verdächtige Anweisungen aus {source} entfernt, bevor es die Inhalte verwendet hat.</translation>
    </message>
    <message>
        <source>Studio removed suspicious instructions from {n} sources before using them.</source>
        <translation>Studio hat verdächtige Anweisungen aus {n} Quellen entfernt, bevor es sie verwendet hat.</translation>
    </message>
    <message>
        <source>Studio could not check {source} for prompt injections. The content is used as it is.</source>
        <translation>Studio konnte {source} nicht auf Prompt-Injections prüfen. Der Inhalt wird unverändert verwendet.</translation>
    </message>
    <message>
        <source>Studio could not check {n} sources for prompt injections. The content is used as it is.</source>
        <translation>Studio konnte {n} Quellen nicht auf Prompt-Injections prüfen. Die Inhalte werden unverändert verwendet.</translation>
    </message>
</context>
<context>
    <name>ProviderError</name>
    <message>
        <source>The provider {provider!r} answered with HTTP status {status}: {message}</source>
        <translation>Der Anbieter {provider!r} hat mit dem HTTP-Status {status} geantwortet: {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} refused the API key (HTTP 401). Check the key in the provider&apos;s settings. The provider said: {message}</source>
        <translation>Der Anbieter {provider!r} hat den API-Schlüssel abgelehnt (HTTP 401). Prüfen Sie den Schlüssel in den Einstellungen des Anbieters. Meldung des Anbieters: {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} does not allow this request with this API key (HTTP 403). The provider said: {message}</source>
        <translation>Der Anbieter {provider!r} erlaubt diese Anfrage mit diesem API-Schlüssel nicht (HTTP 403). Meldung des Anbieters: {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} does not know the model {model!r}, or the base URL is wrong (HTTP 404). The provider said: {message}</source>
        <translation>Der Anbieter {provider!r} kennt das Modell {model!r} nicht, oder die Basis-URL ist falsch (HTTP 404). Meldung des Anbieters: {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} is limiting the number of requests (HTTP 429). Wait a moment and try again. The provider said: {message}</source>
        <translation>Der Anbieter {provider!r} begrenzt die Zahl der Anfragen (HTTP 429). Warten Sie einen Moment und versuchen Sie es erneut. Meldung des Anbieters: {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} asked to wait {seconds} seconds before the next request (HTTP {status}). Try again after that. The provider said: {message}</source>
        <translation>Der Anbieter {provider!r} bittet, vor der nächsten Anfrage {seconds} Sekunden zu warten (HTTP {status}). Versuchen Sie es danach erneut. Meldung des Anbieters: {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} had a server error (HTTP {status}). Try again later. The provider said: {message}</source>
        <translation>Beim Anbieter {provider!r} ist ein Serverfehler aufgetreten (HTTP {status}). Versuchen Sie es später erneut. Meldung des Anbieters: {message}</translation>
    </message>
    <message>
        <source>Studio could not connect to the provider {provider!r} at {host!r}. Check the base URL and that the server is running.</source>
        <translation>Studio konnte keine Verbindung zum Anbieter {provider!r} unter {host!r} herstellen. Prüfen Sie die Basis-URL und ob der Server läuft.</translation>
    </message>
    <message>
        <source>The provider {provider!r} did not answer in time.</source>
        <translation>Der Anbieter {provider!r} hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} broke off or could not be read.</source>
        <translation>Die Antwort des Anbieters {provider!r} ist abgebrochen oder konnte nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The provider {provider!r} stopped the answer: {reason}</source>
        <translation>Der Anbieter {provider!r} hat die Antwort abgebrochen: {reason}</translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} is in the character set {charset!r}, which is not a text encoding Studio can read.</source>
        <translation>Die Antwort des Anbieters {provider!r} ist im Zeichensatz {charset!r}, der keine Textkodierung ist, die Studio lesen kann.</translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} is in the character set {charset!r} without a byte order mark, so Studio cannot tell how to read it.</source>
        <translation>Die Antwort des Anbieters {provider!r} ist im Zeichensatz {charset!r} ohne Byte-Order-Mark, daher kann Studio nicht erkennen, wie sie zu lesen ist.</translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} is too large: more than {megabytes} MiB.</source>
        <translation>Die Antwort des Anbieters {provider!r} ist zu groß: mehr als {megabytes} MiB.</translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} has an event that is too large: more than {megabytes} MiB.</source>
        <translation>Die Antwort des Anbieters {provider!r} enthält ein zu großes Ereignis: mehr als {megabytes} MiB.</translation>
    </message>
    <message>
        <source>The provider {provider!r} sent no new content for {seconds} seconds, so Studio stopped the answer. What arrived before is kept.</source>
        <translation>Der Anbieter {provider!r} hat {seconds} Sekunden lang keinen neuen Inhalt gesendet, daher hat Studio die Antwort beendet. Was bis dahin ankam, bleibt erhalten.</translation>
    </message>
    <message>
        <source>The provider {provider!r} returned an invalid tool calling response. Check the provider&apos;s tool calling configuration and see the logs for details.</source>
        <translation>Der Anbieter {provider!r} hat eine ungültige Antwort auf den Werkzeugaufruf geliefert. Prüfen Sie die Werkzeugaufruf-Konfiguration des Anbieters; Einzelheiten stehen im Protokoll.</translation>
    </message>
</context>
<context>
    <name>ProviderLabels</name>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Untrusted</source>
        <translation>Nicht vertrauenswürdig</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Very low</source>
        <translation>Sehr niedrig</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>Niedrig</translation>
    </message>
    <message>
        <source>Moderate</source>
        <translation>Mäßig</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>High</source>
        <translation>Hoch</translation>
    </message>
</context>
<context>
    <name>ProviderPicker</name>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Add provider…</source>
        <translation>Anbieter hinzufügen…</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>Anbieter:</translation>
    </message>
    <message>
        <source>{name} · {model}</source>
        <translation>{name} · {model}</translation>
    </message>
    <message>
        <source>{type}, {address}</source>
        <translation>{type}, {address}</translation>
    </message>
    <message>
        <source>No provider set up yet</source>
        <translation>Noch kein Anbieter eingerichtet</translation>
    </message>
    <message>
        <source>Confidence: {level}</source>
        <translation>Vertrauensstufe: {level}</translation>
    </message>
    <message>
        <source>How far you trust this provider with your data. Tools that need more confidence are not offered to it.</source>
        <translation>Wie weit Sie diesem Anbieter Ihre Daten anvertrauen. Werkzeuge, die eine höhere Vertrauensstufe brauchen, werden ihm nicht angeboten.</translation>
    </message>
</context>
<context>
    <name>ProviderSettings</name>
    <message>
        <source>A provider name must not be blank.</source>
        <translation>Der Name eines Anbieters darf nicht leer sein.</translation>
    </message>
    <message>
        <source>The provider name {name!r} is not valid: use 1 to {length} letters, digits, spaces, &apos;-&apos;, &apos;_&apos; or &apos;.&apos;.</source>
        <translation>Der Anbietername {name!r} ist ungültig: Verwenden Sie 1 bis {length} Buchstaben, Ziffern, Leerzeichen, &apos;-&apos;, &apos;_&apos; oder &apos;.&apos;.</translation>
    </message>
    <message>
        <source>The model must not be blank.</source>
        <translation>Das Modell darf nicht leer sein.</translation>
    </message>
    <message>
        <source>The model {model!r} is not valid: use at most {length} printable characters.</source>
        <translation>Das Modell {model!r} ist ungültig: Verwenden Sie höchstens {length} druckbare Zeichen.</translation>
    </message>
    <message>
        <source>The base URL {url!r} is not valid: give an absolute http:// or https:// address, such as https://api.example.com/v1.</source>
        <translation>Die Basis-URL {url!r} ist ungültig: Geben Sie eine absolute http://- oder https://-Adresse an, etwa https://api.example.com/v1.</translation>
    </message>
    <message>
        <source>A base URL takes no user name, password, query or fragment; Studio keeps the API key in the OS keyring.</source>
        <translation>Eine Basis-URL enthält keinen Benutzernamen, kein Passwort, keine Abfrage und kein Fragment; Studio bewahrt den API-Schlüssel im Schlüsselbund des Systems auf.</translation>
    </message>
    <message>
        <source>The additional API parameters must be plain JSON values.</source>
        <translation>Die zusätzlichen API-Parameter müssen einfache JSON-Werte sein.</translation>
    </message>
    <message>
        <source>The provider type {type!r} has no default address, so it needs a base URL.</source>
        <translation>Der Anbietertyp {type!r} hat keine Standardadresse und braucht daher eine Basis-URL.</translation>
    </message>
    <message>
        <source>The provider setting {field!r} is not valid: {problem}.</source>
        <translation>Die Anbietereinstellung {field!r} ist ungültig: {problem}.</translation>
    </message>
</context>
<context>
    <name>ProviderSetupDialog</name>
    <message>
        <source>Set up a provider</source>
        <translation>Anbieter einrichten</translation>
    </message>
    <message>
        <source>Welcome to Studio. To chat, tell Studio which AI model to talk to: a cloud provider with an API key, or a model running on your own machine, such as Ollama or LM Studio.</source>
        <translation>Willkommen bei Studio. Um zu chatten, legen Sie fest, mit welchem KI-Modell Studio sprechen soll: mit einem Cloud-Anbieter über einen API-Schlüssel oder mit einem Modell auf Ihrem eigenen Rechner, etwa Ollama oder LM Studio.</translation>
    </message>
    <message>
        <source>Add a provider Studio can send your chats to.</source>
        <translation>Fügen Sie einen Anbieter hinzu, an den Studio Ihre Chats senden kann.</translation>
    </message>
    <message>
        <source>The model id as the host names it</source>
        <translation>Die Modell-ID, wie der Host sie nennt</translation>
    </message>
    <message>
        <source>Choose how far you trust it…</source>
        <translation>Wählen Sie, wie weit Sie ihm vertrauen…</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Typ:</translation>
    </message>
    <message>
        <source>Change a provider</source>
        <translation>Anbieter ändern</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>Basis-URL:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>API-Schlüssel:</translation>
    </message>
    <message>
        <source>Confidence:</source>
        <translation>Vertrauensstufe:</translation>
    </message>
    <message>
        <source>Progress timeout:</source>
        <translation>Zeitlimit ohne Fortschritt:</translation>
    </message>
    <message>
        <source> seconds</source>
        <translation> Sekunden</translation>
    </message>
    <message>
        <source>Studio stops an answer that brings no new text or tool call for this long; the text that arrived is kept.</source>
        <translation>Studio beendet eine Antwort, die so lange keinen neuen Text und keinen Werkzeugaufruf bringt; der bis dahin angekommene Text bleibt erhalten.</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>Anbieter hinzufügen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Runs on a machine you control, or you trust it with anything.</source>
        <translation>Läuft auf einem Rechner, den Sie kontrollieren, oder Sie vertrauen ihm alles an.</translation>
    </message>
    <message>
        <source>A contract binds how it handles your data, in a region you accept.</source>
        <translation>Ein Vertrag regelt, wie er mit Ihren Daten umgeht, in einer Region, die Sie akzeptieren.</translation>
    </message>
    <message>
        <source>A reputable service that promises not to keep or train on your data.</source>
        <translation>Ein seriöser Dienst, der zusagt, Ihre Daten weder zu speichern noch damit zu trainieren.</translation>
    </message>
    <message>
        <source>It may keep your data for a while; nothing sensitive.</source>
        <translation>Er speichert Ihre Daten möglicherweise eine Weile; nichts Vertrauliches.</translation>
    </message>
    <message>
        <source>It may keep your data and train on it; only public information.</source>
        <translation>Er speichert Ihre Daten möglicherweise und trainiert damit; nur öffentliche Informationen.</translation>
    </message>
    <message>
        <source>You do not know how it handles your data.</source>
        <translation>Sie wissen nicht, wie er mit Ihren Daten umgeht.</translation>
    </message>
    <message>
        <source>Send it nothing you would mind seeing published; no tool uses it.</source>
        <translation>Senden Sie ihm nichts, das nicht veröffentlicht werden dürfte; kein Werkzeug nutzt ihn.</translation>
    </message>
    <message>
        <source>The key is kept only in the keyring {backend!r}, which you chose.</source>
        <translation>Der Schlüssel wird nur im Schlüsselbund {backend!r} aufbewahrt, den Sie gewählt haben.</translation>
    </message>
    <message>
        <source>Required: where the server listens</source>
        <translation>Erforderlich: wo der Server erreichbar ist</translation>
    </message>
    <message>
        <source>Leave empty for the provider&apos;s own address</source>
        <translation>Leer lassen für die eigene Adresse des Anbieters</translation>
    </message>
    <message>
        <source>Cannot be stored on this computer</source>
        <translation>Kann auf diesem Computer nicht gespeichert werden</translation>
    </message>
    <message>
        <source>{problem}

A provider that needs no key, such as Ollama or LM Studio on this computer, still works.</source>
        <translation>{problem}

Ein Anbieter ohne Schlüssel, etwa Ollama oder LM Studio auf diesem Computer, funktioniert trotzdem.</translation>
    </message>
    <message>
        <source>Leave empty to keep the key as it is</source>
        <translation>Leer lassen, um den Schlüssel unverändert zu lassen</translation>
    </message>
    <message>
        <source>Leave empty to keep the stored key</source>
        <translation>Leer lassen, um den gespeicherten Schlüssel zu behalten</translation>
    </message>
    <message>
        <source>No key is stored; type one to store it</source>
        <translation>Kein Schlüssel gespeichert; geben Sie einen ein, um ihn zu speichern</translation>
    </message>
    <message>
        <source>No key is stored; most local servers need none</source>
        <translation>Kein Schlüssel gespeichert; die meisten lokalen Server brauchen keinen</translation>
    </message>
    <message>
        <source>Required; stored in your system keyring</source>
        <translation>Erforderlich; wird im Schlüsselbund Ihres Systems gespeichert</translation>
    </message>
    <message>
        <source>The key is kept only in your system keyring.</source>
        <translation>Der Schlüssel wird nur im Schlüsselbund Ihres Systems aufbewahrt.</translation>
    </message>
    <message>
        <source>Change how Studio reaches {name}.</source>
        <translation>Ändern Sie, wie Studio {name} erreicht.</translation>
    </message>
    <message>
        <source>Required; stored in the keyring you chose</source>
        <translation>Erforderlich; wird im von Ihnen gewählten Schlüsselbund gespeichert</translation>
    </message>
    <message>
        <source>Optional; most local servers need none</source>
        <translation>Optional; die meisten lokalen Server brauchen keinen</translation>
    </message>
    <message>
        <source>Leave empty if the server needs no key.</source>
        <translation>Leer lassen, wenn der Server keinen Schlüssel braucht.</translation>
    </message>
    <message>
        <source>Tools that handle sensitive data are offered only to trusted providers.</source>
        <translation>Werkzeuge, die mit vertraulichen Daten arbeiten, werden nur vertrauenswürdigen Anbietern angeboten.</translation>
    </message>
    <message>
        <source>Studio could not store the API key: {problem}

You can still add a provider that needs no key, such as Ollama or LM Studio on this computer.</source>
        <translation>Studio konnte den API-Schlüssel nicht speichern: {problem}

Sie können trotzdem einen Anbieter hinzufügen, der keinen Schlüssel braucht, etwa Ollama oder LM Studio auf diesem Computer.</translation>
    </message>
    <message>
        <source>Studio could not save the provider: {problem}</source>
        <translation>Studio konnte den Anbieter nicht speichern: {problem}</translation>
    </message>
</context>
<context>
    <name>ProviderStore</name>
    <message>
        <source>There is no provider {name!r}; the providers: {known}.</source>
        <translation>Es gibt keinen Anbieter {name!r}; die Anbieter: {known}.</translation>
    </message>
    <message>
        <source>There is no provider {name!r}; the providers: none are set up.</source>
        <translation>Es gibt keinen Anbieter {name!r}; es ist noch keiner eingerichtet.</translation>
    </message>
    <message>
        <source>There is already a provider {name!r}.</source>
        <translation>Es gibt bereits einen Anbieter {name!r}.</translation>
    </message>
    <message>
        <source>The provider type {type!r} needs an API key.</source>
        <translation>Der Anbietertyp {type!r} benötigt einen API-Schlüssel.</translation>
    </message>
    <message>
        <source>No API key could be read for the provider {name!r}, whose type {type!r} needs one. {reason}</source>
        <translation>Für den Anbieter {name!r}, dessen Typ {type!r} einen API-Schlüssel braucht, konnte keiner gelesen werden. {reason}</translation>
    </message>
    <message>
        <source>No API key could be read for the provider {name!r}: none is stored, and its type {type!r} needs one. Enter the key in the provider&apos;s settings, or remove the provider and add it again with its key.</source>
        <translation>Für den Anbieter {name!r} konnte kein API-Schlüssel gelesen werden: Es ist keiner gespeichert, und sein Typ {type!r} braucht einen. Geben Sie den Schlüssel in den Einstellungen des Anbieters ein, oder entfernen Sie den Anbieter und fügen Sie ihn mit seinem Schlüssel erneut hinzu.</translation>
    </message>
    <message>
        <source>No API key could be read for the provider {name!r}: your organisation&apos;s policy {origin} leaves each user to enter their own key, and none is stored. Enter your key in the provider&apos;s settings.</source>
        <translation>Für den Anbieter {name!r} konnte kein API-Schlüssel gelesen werden: Die Richtlinie {origin} Ihrer Organisation überlässt jeder Person die Eingabe des eigenen Schlüssels, und es ist keiner gespeichert. Geben Sie Ihren Schlüssel in den Einstellungen des Anbieters ein.</translation>
    </message>
    <message>
        <source>Your providers file could not be read as a list of providers, so Studio started with no providers. The original file is kept as {kept!r}.</source>
        <translation>Ihre Anbieterdatei ließ sich nicht als Liste von Anbietern lesen, daher hat Studio ohne Anbieter gestartet. Die ursprüngliche Datei ist als {kept!r} aufbewahrt.</translation>
    </message>
    <message>
        <source>Your providers file could not be read as a list of providers ({reason}), so Studio started with no providers. The original file is kept as {kept!r}.</source>
        <translation>Ihre Anbieterdatei ließ sich nicht als Liste von Anbietern lesen ({reason}), daher hat Studio ohne Anbieter gestartet. Die ursprüngliche Datei ist als {kept!r} aufbewahrt.</translation>
    </message>
    <message>
        <source>Managed by your organisation: {origin}</source>
        <translation>Von Ihrer Organisation verwaltet: {origin}</translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation>Von Ihrer Organisation verwaltet</translation>
    </message>
    <message>
        <source>The provider {name!r} is managed by your organisation&apos;s policy {origin}, so it cannot be changed or removed here. Ask your administrator to change it.</source>
        <translation>Der Anbieter {name!r} wird von der Richtlinie {origin} Ihrer Organisation verwaltet und kann daher hier weder geändert noch entfernt werden. Wenden Sie sich an Ihre Administration.</translation>
    </message>
    <message>
        <source>The provider {name!r} is managed by your organisation&apos;s policy {origin}: only your own API key for it can be changed. Ask your administrator to change anything else.</source>
        <translation>Der Anbieter {name!r} wird von der Richtlinie {origin} Ihrer Organisation verwaltet: Nur Ihr eigener API-Schlüssel dafür kann geändert werden. Wenden Sie sich für alles andere an Ihre Administration.</translation>
    </message>
    <message>
        <source>The API key of the provider {name!r} comes from your organisation&apos;s policy {origin}, so it cannot be changed here.</source>
        <translation>Der API-Schlüssel des Anbieters {name!r} stammt aus der Richtlinie {origin} Ihrer Organisation und kann daher hier nicht geändert werden.</translation>
    </message>
    <message>
        <source>The API key your organisation&apos;s policy {origin} ships for the provider {name!r} could not be used: it is not encrypted, or it does not decrypt with the policy secret on this computer. Ask your administrator to ship the key again.</source>
        <translation>Der API-Schlüssel, den die Richtlinie {origin} Ihrer Organisation für den Anbieter {name!r} ausliefert, konnte nicht verwendet werden: Er ist nicht verschlüsselt oder lässt sich mit dem Richtliniengeheimnis auf diesem Computer nicht entschlüsseln. Bitten Sie Ihre Administration, den Schlüssel erneut auszuliefern.</translation>
    </message>
    <message>
        <source>Your providers file changed while Studio was running but could not be read as a list of providers, so Studio kept the providers it had and saved them again. The changed file is kept as {kept!r}.</source>
        <translation>Ihre Anbieterdatei wurde geändert, während Studio lief, ließ sich aber nicht als Liste von Anbietern lesen. Studio hat daher die bisherigen Anbieter behalten und erneut gespeichert. Die geänderte Datei ist als {kept!r} aufbewahrt.</translation>
    </message>
</context>
<context>
    <name>ProviderType</name>
    <message>
        <source>OpenAI (Responses API)</source>
        <translation>OpenAI (Responses-API)</translation>
    </message>
    <message>
        <source>OpenAI (Chat Completions API)</source>
        <translation>OpenAI (Chat-Completions-API)</translation>
    </message>
    <message>
        <source>Anthropic</source>
        <translation>Anthropic</translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation>Ollama</translation>
    </message>
    <message>
        <source>LM Studio</source>
        <translation>LM Studio</translation>
    </message>
    <message>
        <source>llama.cpp</source>
        <translation>llama.cpp</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>OpenRouter</source>
        <translation>OpenRouter</translation>
    </message>
    <message>
        <source>Groq</source>
        <translation>Groq</translation>
    </message>
    <message>
        <source>Mistral AI</source>
        <translation>Mistral AI</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>Other OpenAI-compatible host</source>
        <translation>Anderer OpenAI-kompatibler Host</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Remove provider</source>
        <translation>Anbieter entfernen</translation>
    </message>
    <message>
        <source>Remove the provider {name}? Its API key is deleted from the keyring. Chats that used it stay.</source>
        <translation>Den Anbieter {name} entfernen? Sein API-Schlüssel wird aus dem Schlüsselbund gelöscht. Chats, die ihn verwendet haben, bleiben erhalten.</translation>
    </message>
    <message>
        <source>Remove the provider {name}? Chats that used it stay.</source>
        <translation>Den Anbieter {name} entfernen? Chats, die ihn verwendet haben, bleiben erhalten.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>The model providers Studio can ask. API keys are kept in your system&apos;s keyring, never in a file; the confidence you give a provider decides which tools it may use.</source>
        <translation>Die Modellanbieter, die Studio fragen kann. API-Schlüssel werden im Schlüsselbund Ihres Systems aufbewahrt, nie in einer Datei; die Vertrauensstufe, die Sie einem Anbieter geben, entscheidet, welche Werkzeuge er verwenden darf.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Vertrauensstufe</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>No provider is set up yet. Add one to start chatting.</source>
        <translation>Noch kein Anbieter eingerichtet. Fügen Sie einen hinzu, um zu chatten.</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Hinzufügen…</translation>
    </message>
    <message>
        <source>&amp;Change…</source>
        <translation>Ä&amp;ndern…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Managed by your organisation; you can enter your own API key.</source>
        <translation>Von Ihrer Organisation verwaltet; Sie können Ihren eigenen API-Schlüssel eingeben.</translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation>Von Ihrer Organisation verwaltet</translation>
    </message>
    <message>
        <source>In the keyring</source>
        <translation>Im Schlüsselbund</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keiner</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>Nicht lesbar</translation>
    </message>
    <message>
        <source>The provider could not be removed: {problem}</source>
        <translation>Der Anbieter konnte nicht entfernt werden: {problem}</translation>
    </message>
    <message>
        <source>From your organisation</source>
        <translation>Von Ihrer Organisation</translation>
    </message>
    <message>
        <source>Not usable</source>
        <translation>Nicht verwendbar</translation>
    </message>
</context>
<context>
    <name>ReadWebPageTool</name>
    <message>
        <source>This chat now allows its data to go only to configured services, so no web page can be read. Continue without reading the page.</source>
        <translation>Dieser Chat erlaubt jetzt nur noch, seine Daten an eingerichtete Dienste zu senden, daher kann keine Webseite gelesen werden. Fahren Sie fort, ohne die Seite zu lesen.</translation>
    </message>
    <message>
        <source>This chat now limits where its data may be sent: only addresses that the user, the system prompt or a tool result gave may be read, and this address is not one of them. Ask the user for the address instead.</source>
        <translation>Dieser Chat schränkt jetzt ein, wohin seine Daten gesendet werden dürfen: Nur Adressen aus der Eingabe des Benutzers, dem Systemprompt oder einem Werkzeugergebnis dürfen gelesen werden, und diese Adresse gehört nicht dazu. Fragen Sie stattdessen den Benutzer nach der Adresse.</translation>
    </message>
    <message>
        <source>Content from {origin} limits where this chat&apos;s data may be sent: only addresses that the user, the system prompt or a tool result gave may be read, and this address is not one of them. Ask the user for the address instead.</source>
        <translation>Inhalte von {origin} schränken ein, wohin die Daten dieses Chats gesendet werden dürfen: Nur Adressen aus der Eingabe des Benutzers, dem Systemprompt oder einem Werkzeugergebnis dürfen gelesen werden, und diese Adresse gehört nicht dazu. Fragen Sie stattdessen den Benutzer nach der Adresse.</translation>
    </message>
    <message>
        <source>Only addresses that appear word for word in the conversation may be read, and this address does not. Ask the user for the address, or let the user switch on free address choice in the tool&apos;s settings.</source>
        <translation>Nur Adressen, die wörtlich im Gespräch vorkommen, dürfen gelesen werden, und diese Adresse kommt nicht vor. Fragen Sie den Benutzer nach der Adresse, oder lassen Sie ihn in den Einstellungen des Werkzeugs die freie Adresswahl einschalten.</translation>
    </message>
    <message>
        <source>Timeout (seconds)</source>
        <translation>Zeitlimit (Sekunden)</translation>
    </message>
    <message>
        <source>How long one page may take to load, redirects included.</source>
        <translation>Wie lange das Laden einer Seite dauern darf, Weiterleitungen eingeschlossen.</translation>
    </message>
    <message>
        <source>Maximum content characters</source>
        <translation>Höchstzahl an Inhaltszeichen</translation>
    </message>
    <message>
        <source>How much of a page&apos;s text the model receives; longer pages are cut at a paragraph.</source>
        <translation>Wie viel vom Text einer Seite das Modell erhält; längere Seiten werden an einem Absatz gekürzt.</translation>
    </message>
    <message>
        <source>Allowed private hosts</source>
        <translation>Erlaubte private Hosts</translation>
    </message>
    <message>
        <source>Free address choice</source>
        <translation>Freie Adresswahl</translation>
    </message>
    <message>
        <source>Hosts on your private network or VPN that the model may read, separated by commas, semicolons or lines: &apos;wiki.example.de&apos; allows that host, &apos;*.example.de&apos; its subdomains. Only a provider with High confidence may read them.</source>
        <translation>Hosts in Ihrem privaten Netzwerk oder VPN, die das Modell lesen darf, getrennt durch Kommas, Semikolons oder Zeilen: &apos;wiki.example.de&apos; erlaubt diesen Host, &apos;*.example.de&apos; seine Subdomains. Nur ein Anbieter mit der Vertrauensstufe „hoch“ darf sie lesen.</translation>
    </message>
    <message>
        <source>Off: the model reads only addresses that appear in the conversation. On: it may read any public address it chooses.</source>
        <translation>Aus: Das Modell liest nur Adressen, die im Gespräch vorkommen. An: Es darf jede öffentliche Adresse lesen, die es wählt.</translation>
    </message>
    <message>
        <source>Read web page</source>
        <translation>Webseite lesen</translation>
    </message>
    <message>
        <source>Lets the model read a web page or text document and use its content, with links made absolute and suspicious instructions removed.</source>
        <translation>Lässt das Modell eine Webseite oder ein Textdokument lesen und dessen Inhalt verwenden; Links werden absolut gemacht und verdächtige Anweisungen entfernt.</translation>
    </message>
</context>
<context>
    <name>RemovedPassage</name>
    <message>
        <source>Removed passage: {what}</source>
        <translation>Entfernte Passage: {what}</translation>
    </message>
    <message>
        <source>Put back into my message</source>
        <translation>In meine Nachricht zurückholen</translation>
    </message>
    <message>
        <source>Adds this passage to your message as a quote; nothing is sent until you send it.</source>
        <translation>Fügt diese Passage als Zitat in Ihre Nachricht ein; gesendet wird erst, wenn Sie senden.</translation>
    </message>
</context>
<context>
    <name>RemovedPassages</name>
    <message>
        <source>tried to overrule your instructions</source>
        <translation>wollte Ihre Anweisungen außer Kraft setzen</translation>
    </message>
    <message>
        <source>pretended to be the system or the assistant</source>
        <translation>gab sich als System oder Assistent aus</translation>
    </message>
    <message>
        <source>tried to send data away</source>
        <translation>wollte Daten wegschicken</translation>
    </message>
    <message>
        <source>tried to lift the model&apos;s safety rules</source>
        <translation>wollte die Sicherheitsregeln des Modells aufheben</translation>
    </message>
    <message>
        <source>tried to make the model act for it</source>
        <translation>wollte das Modell für sich handeln lassen</translation>
    </message>
    <message>
        <source>faked the end of the content</source>
        <translation>täuschte das Ende des Inhalts vor</translation>
    </message>
    <message>
        <source>hid instructions in the page&apos;s markup</source>
        <translation>versteckte Anweisungen im Markup der Seite</translation>
    </message>
    <message>
        <source>hid instructions in encoded text</source>
        <translation>versteckte Anweisungen in kodiertem Text</translation>
    </message>
    <message>
        <source>tried to be remembered for later chats</source>
        <translation>wollte sich für spätere Chats einprägen</translation>
    </message>
    <message>
        <source>disguised an instruction</source>
        <translation>tarnte eine Anweisung</translation>
    </message>
    <message>
        <source>looked like an instruction to the model</source>
        <translation>sah aus wie eine Anweisung an das Modell</translation>
    </message>
    <message>
        <source>From {source}:</source>
        <translation>Aus {source}:</translation>
    </message>
    <message>
        <source>From {source}</source>
        <translation>Aus {source}</translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <source>No secure keyring is available, so Studio cannot store secrets. On Linux, install and start a Secret Service provider such as GNOME Keyring (package gnome-keyring) or KWallet, then restart Studio; Windows and macOS use their built-in credential stores. Studio never writes secrets to a plain file.</source>
        <translation>Es ist kein sicherer Schlüsselbund verfügbar, daher kann Studio keine Geheimnisse speichern. Installieren und starten Sie unter Linux einen Secret-Service-Anbieter wie GNOME Keyring (Paket gnome-keyring) oder KWallet und starten Sie Studio dann neu; Windows und macOS verwenden ihre eingebauten Anmeldeinformationsspeicher. Studio schreibt Geheimnisse nie in eine einfache Datei.</translation>
    </message>
    <message>
        <source>Warning: the keyring {backend!r} is not a secure store, so it may keep the key unencrypted, readable by anyone who can read your files. To keep keys safe, let Studio use your system&apos;s keyring: remove the choice of backend from PYTHON_KEYRING_BACKEND or keyring&apos;s configuration file.</source>
        <translation>Warnung: Der Schlüsselbund {backend!r} ist kein sicherer Speicher und bewahrt den Schlüssel womöglich unverschlüsselt auf, lesbar für alle, die Ihre Dateien lesen können. Damit Schlüssel sicher bleiben, lassen Sie Studio den Schlüsselbund Ihres Systems verwenden: Entfernen Sie die Wahl des Backends aus PYTHON_KEYRING_BACKEND oder aus der Konfigurationsdatei von keyring.</translation>
    </message>
    <message>
        <source>The keyring could not read the secret {name!r} of {owner!r}: {error}</source>
        <translation>Der Schlüsselbund konnte das Geheimnis {name!r} von {owner!r} nicht lesen: {error}</translation>
    </message>
    <message>
        <source>The keyring could not write the secret {name!r} of {owner!r}: {error}</source>
        <translation>Der Schlüsselbund konnte das Geheimnis {name!r} von {owner!r} nicht schreiben: {error}</translation>
    </message>
    <message>
        <source>The keyring could not delete the secret {name!r} of {owner!r}: {error}</source>
        <translation>Der Schlüsselbund konnte das Geheimnis {name!r} von {owner!r} nicht löschen: {error}</translation>
    </message>
    <message>
        <source>The keyring could not read the secret {name!r} of {owner!r} ({kind}).</source>
        <translation>Der Schlüsselbund konnte das Geheimnis {name!r} von {owner!r} nicht lesen ({kind}).</translation>
    </message>
    <message>
        <source>The keyring could not write the secret {name!r} of {owner!r} ({kind}).</source>
        <translation>Der Schlüsselbund konnte das Geheimnis {name!r} von {owner!r} nicht schreiben ({kind}).</translation>
    </message>
    <message>
        <source>The keyring could not delete the secret {name!r} of {owner!r} ({kind}).</source>
        <translation>Der Schlüsselbund konnte das Geheimnis {name!r} von {owner!r} nicht löschen ({kind}).</translation>
    </message>
</context>
<context>
    <name>Services</name>
    <message>
        <source>Your organisation&apos;s policy could not be used, so every tool is switched off until it is fixed: {problem}. Your administrator can see every problem with `studio policy check`.</source>
        <translation>Die Richtlinie Ihrer Organisation konnte nicht verwendet werden, daher sind alle Werkzeuge ausgeschaltet, bis sie korrigiert ist: {problem}. Ihre Administration sieht jedes Problem mit `studio policy check`.</translation>
    </message>
    <message>
        <source>Your organisation&apos;s policy: {problem}.</source>
        <translation>Richtlinie Ihrer Organisation: {problem}.</translation>
    </message>
    <message>
        <source>Your settings file and your providers file could not be read as settings, so Studio started with default settings and no providers. The original files are kept as {settings_kept!r} and {providers_kept!r}.</source>
        <translation>Ihre Einstellungsdatei und Ihre Anbieterdatei ließen sich nicht lesen, daher hat Studio mit den Standardeinstellungen und ohne Anbieter gestartet. Die ursprünglichen Dateien sind als {settings_kept!r} und {providers_kept!r} aufbewahrt.</translation>
    </message>
</context>
<context>
    <name>SettingsStore</name>
    <message>
        <source>Your settings file could not be read as settings, so Studio started with default settings. The original file is kept as {kept!r}.</source>
        <translation>Ihre Einstellungsdatei ließ sich nicht als Einstellungen lesen, daher hat Studio mit den Standardeinstellungen gestartet. Die ursprüngliche Datei ist als {kept!r} aufbewahrt.</translation>
    </message>
    <message>
        <source>Your settings file could not be read as settings ({reason}), so Studio started with default settings. The original file is kept as {kept!r}.</source>
        <translation>Ihre Einstellungsdatei ließ sich nicht als Einstellungen lesen ({reason}), daher hat Studio mit den Standardeinstellungen gestartet. Die ursprüngliche Datei ist als {kept!r} aufbewahrt.</translation>
    </message>
    <message>
        <source>Your settings file changed while Studio was running but could not be read as settings, so Studio kept the settings it had and saved them again. The changed file is kept as {kept!r}.</source>
        <translation>Ihre Einstellungsdatei wurde geändert, während Studio lief, ließ sich aber nicht als Einstellungen lesen. Studio hat daher die bisherigen Einstellungen behalten und erneut gespeichert. Die geänderte Datei ist als {kept!r} aufbewahrt.</translation>
    </message>
    <message>
        <source>Studio reset what it could not use in your settings file to the defaults ({names}) and kept the rest of your settings. The original file is kept as {kept!r}.</source>
        <translation>Studio hat zurückgesetzt, was es in Ihrer Einstellungsdatei nicht verwenden konnte ({names}), und Ihre übrigen Einstellungen behalten. Die ursprüngliche Datei ist als {kept!r} aufbewahrt.</translation>
    </message>
    <message>
        <source>Studio could not use some values in your settings file ({names}), so it uses the defaults for them for now and keeps the rest of your settings; the file itself is left as it is.</source>
        <translation>Studio konnte einige Werte in Ihrer Einstellungsdatei nicht verwenden ({names}). Es verwendet für sie vorerst die Standardwerte und behält Ihre übrigen Einstellungen; die Datei selbst bleibt unverändert.</translation>
    </message>
    <message>
        <source>the file does not hold a JSON object</source>
        <translation>die Datei enthält kein JSON-Objekt</translation>
    </message>
    <message>
        <source>the file is larger than {limit} MiB, which no Studio file is</source>
        <translation>die Datei ist größer als {limit} MiB, was keine Studio-Datei ist</translation>
    </message>
    <message>
        <source>unknown file version {version!r}</source>
        <translation>unbekannte Dateiversion {version!r}</translation>
    </message>
    <message>
        <source>the file was written by a newer Studio (version {version}, this one reads up to {supported})</source>
        <translation>die Datei wurde von einer neueren Studio-Version geschrieben (Version {version}, diese liest bis {supported})</translation>
    </message>
    <message>
        <source>{path!r} is a folder where Studio expects a file, so Studio cannot read or change it. Move or rename the folder, then try again.</source>
        <translation>{path!r} ist ein Ordner, wo Studio eine Datei erwartet, daher kann Studio sie weder lesen noch ändern. Verschieben oder benennen Sie den Ordner um und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>{path!r} is a folder where Studio expects a file, so Studio started without it and leaves the folder as it is. Move or rename the folder, then start Studio again.</source>
        <translation>{path!r} ist ein Ordner, wo Studio eine Datei erwartet. Studio hat daher ohne sie gestartet und lässt den Ordner unverändert. Verschieben oder benennen Sie den Ordner um und starten Sie Studio dann neu.</translation>
    </message>
    <message>
        <source>Studio cannot read {path!r} ({error}). Make the file readable (check its permissions, for example), then try again.</source>
        <translation>Studio kann {path!r} nicht lesen ({error}). Machen Sie die Datei lesbar (prüfen Sie zum Beispiel ihre Berechtigungen) und versuchen Sie es dann erneut.</translation>
    </message>
    <message>
        <source>Studio cannot read {path!r} ({error}), so it started without it and leaves the file as it is. Make the file readable (check its permissions, for example), then start Studio again.</source>
        <translation>Studio kann {path!r} nicht lesen ({error}). Es hat daher ohne sie gestartet und lässt die Datei unverändert. Machen Sie die Datei lesbar (prüfen Sie zum Beispiel ihre Berechtigungen) und starten Sie Studio dann neu.</translation>
    </message>
</context>
<context>
    <name>SettingsWindow</name>
    <message>
        <source>Settings — Studio</source>
        <translation>Einstellungen — Studio</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Organisation</source>
        <translation>Organisation</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
</context>
<context>
    <name>SourcesBadge</name>
    <message numerus="yes">
        <source>Sources (%n)</source>
        <translation>
            <numerusform>Quellen (%n)</numerusform>
            <numerusform>Quellen (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Show the sources of this answer</source>
        <translation>Die Quellen dieser Antwort anzeigen</translation>
    </message>
</context>
<context>
    <name>SourcesList</name>
    <message>
        <source>Sources provided by the AI</source>
        <translation>Von der KI angegebene Quellen</translation>
    </message>
    <message>
        <source>Sources used by tools</source>
        <translation>Von Werkzeugen verwendete Quellen</translation>
    </message>
    <message>
        <source>Sources provided by the data providers</source>
        <translation>Von den Datenanbietern bereitgestellte Quellen</translation>
    </message>
</context>
<context>
    <name>StatusChip</name>
    <message>
        <source>Executed</source>
        <translation>Ausgeführt</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation>Blockiert</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
</context>
<context>
    <name>ToolApproval</name>
    <message>
        <source>This chat contains content from {source}, which may carry instructions from someone else, so this call needs the user&apos;s approval, and the user could not be asked. The user can allow the tool for such chats in its settings. Continue without this call.</source>
        <translation>Dieser Chat enthält Inhalte von {source}, die Anweisungen von Dritten enthalten können. Deshalb braucht dieser Aufruf die Zustimmung des Benutzers, und der Benutzer konnte nicht gefragt werden. Der Benutzer kann das Werkzeug in dessen Einstellungen für solche Chats erlauben. Fahre ohne diesen Aufruf fort.</translation>
    </message>
    <message>
        <source>The user did not approve this call. Continue without it, and do not make it again unless the user asks for it.</source>
        <translation>Der Benutzer hat diesem Aufruf nicht zugestimmt. Fahre ohne ihn fort und wiederhole ihn nur, wenn der Benutzer darum bittet.</translation>
    </message>
</context>
<context>
    <name>ToolCallingLoop</name>
    <message>
        <source>The tool call was invalid.</source>
        <translation>Der Werkzeugaufruf war ungültig.</translation>
    </message>
    <message>
        <source>The model did not return a final answer after completing the available tool calls.</source>
        <translation>Das Modell hat nach den verfügbaren Werkzeugaufrufen keine endgültige Antwort geliefert.</translation>
    </message>
    <message>
        <source>The model completed the tool call but did not return a final answer.</source>
        <translation>Das Modell hat den Werkzeugaufruf abgeschlossen, aber keine endgültige Antwort geliefert.</translation>
    </message>
</context>
<context>
    <name>ToolCategory</name>
    <message>
        <source>Web</source>
        <translation>Web</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
</context>
<context>
    <name>ToolExecutor</name>
    <message>
        <source>The model called a tool that was not offered for this request: it is not selected here, or it is switched off, not configured or not allowed for this provider.</source>
        <translation>Das Modell hat ein Werkzeug aufgerufen, das dieser Anfrage nicht angeboten wurde: Es ist hier nicht ausgewählt, oder es ist ausgeschaltet, nicht eingerichtet oder für diesen Anbieter nicht erlaubt.</translation>
    </message>
    <message>
        <source>The model called the function {function!r}, which no installed tool provides.</source>
        <translation>Das Modell hat die Funktion {function!r} aufgerufen, die kein installiertes Werkzeug bereitstellt.</translation>
    </message>
    <message>
        <source>This chat now limits where its data may be sent, and this tool would send data beyond the configured services.</source>
        <translation>Dieser Chat schränkt jetzt ein, wohin seine Daten gesendet werden dürfen, und dieses Werkzeug würde Daten über die eingerichteten Dienste hinaus senden.</translation>
    </message>
    <message>
        <source>Content from {origin} limits where this chat&apos;s data may be sent, and this tool would send data beyond the configured services.</source>
        <translation>Inhalte von {origin} schränken ein, wohin die Daten dieses Chats gesendet werden dürfen, und dieses Werkzeug würde Daten über die eingerichteten Dienste hinaus senden.</translation>
    </message>
    <message>
        <source>The model sent arguments that are not a JSON object.</source>
        <translation>Das Modell hat Argumente gesendet, die kein JSON-Objekt sind.</translation>
    </message>
    <message>
        <source>The tool refused an argument: {message}</source>
        <translation>Das Werkzeug hat ein Argument abgelehnt: {message}</translation>
    </message>
    <message>
        <source>The model&apos;s arguments do not fit the tool&apos;s parameters: {message}</source>
        <translation>Die Argumente des Modells passen nicht zu den Parametern des Werkzeugs: {message}</translation>
    </message>
    <message>
        <source>The tool declares its parameters with a schema that cannot be used, so it was not run: {message}</source>
        <translation>Das Werkzeug beschreibt seine Parameter mit einem unbrauchbaren Schema und wurde deshalb nicht ausgeführt: {message}</translation>
    </message>
    <message>
        <source>The tool failed: {message}</source>
        <translation>Das Werkzeug ist fehlgeschlagen: {message}</translation>
    </message>
    <message>
        <source>Invalid tool call</source>
        <translation>Ungültiger Werkzeugaufruf</translation>
    </message>
    <message>
        <source>The model sent a tool call that could not be read.</source>
        <translation>Das Modell hat einen Werkzeugaufruf gesendet, der nicht gelesen werden konnte.</translation>
    </message>
</context>
<context>
    <name>ToolForm</name>
    <message>
        <source>Fields marked * are required.</source>
        <translation>Mit * markierte Felder sind erforderlich.</translation>
    </message>
    <message>
        <source>Please configure the required settings: {fields}</source>
        <translation>Bitte richten Sie die erforderlichen Einstellungen ein: {fields}</translation>
    </message>
</context>
<context>
    <name>ToolOffer</name>
    <message>
        <source>Tool use is switched off.</source>
        <translation>Die Verwendung von Werkzeugen ist ausgeschaltet.</translation>
    </message>
    <message>
        <source>The selected model cannot call tools.</source>
        <translation>Das gewählte Modell kann keine Werkzeuge aufrufen.</translation>
    </message>
    <message>
        <source>This tool is not available here.</source>
        <translation>Dieses Werkzeug ist hier nicht verfügbar.</translation>
    </message>
    <message>
        <source>Your organisation has switched this tool off.</source>
        <translation>Ihre Organisation hat dieses Werkzeug ausgeschaltet.</translation>
    </message>
    <message>
        <source>You have switched this tool off in the settings.</source>
        <translation>Sie haben dieses Werkzeug in den Einstellungen ausgeschaltet.</translation>
    </message>
    <message>
        <source>Some required settings are missing ({fields}). Set them up to use this tool.</source>
        <translation>Einige erforderliche Einstellungen fehlen ({fields}). Richten Sie sie ein, um dieses Werkzeug zu verwenden.</translation>
    </message>
    <message>
        <source>The settings of this tool need attention: {message}</source>
        <translation>Die Einstellungen dieses Werkzeugs müssen geprüft werden: {message}</translation>
    </message>
    <message>
        <source>This tool needs a provider with confidence {required} or higher; the selected provider has {provider}.</source>
        <translation>Dieses Werkzeug braucht einen Anbieter mit der Vertrauensstufe „{required}“ oder höher; der gewählte Anbieter hat die Stufe „{provider}“.</translation>
    </message>
    <message>
        <source>This chat holds content that must not leave the app through this tool.</source>
        <translation>Dieser Chat enthält Inhalte, die die App nicht über dieses Werkzeug verlassen dürfen.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>nicht vertrauenswürdig</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>very low</source>
        <translation>sehr niedrig</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>moderate</source>
        <translation>mäßig</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
</context>
<context>
    <name>ToolProgress</name>
    <message>
        <source>{done} of {wanted}</source>
        <translation>{done} von {wanted}</translation>
    </message>
</context>
<context>
    <name>ToolRuntimeStatus</name>
    <message>
        <source>Using tool: {names}</source>
        <translation>Verwende Werkzeug: {names}</translation>
    </message>
    <message>
        <source>Using tools: {names}</source>
        <translation>Verwende Werkzeuge: {names}</translation>
    </message>
</context>
<context>
    <name>ToolSelectionWidget</name>
    <message numerus="yes">
        <source>Tools (%n)</source>
        <translation>
            <numerusform>Werkzeuge (%n)</numerusform>
            <numerusform>Werkzeuge (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Select tools</source>
        <translation>Werkzeuge auswählen</translation>
    </message>
    <message numerus="yes">
        <source>%n selected</source>
        <translation>
            <numerusform>%n ausgewählt</numerusform>
            <numerusform>%n ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a model to use tools.</source>
        <translation>Wählen Sie ein Modell, um Werkzeuge zu verwenden.</translation>
    </message>
    <message>
        <source>The selection cannot change while an answer is being written.</source>
        <translation>Die Auswahl kann nicht geändert werden, während eine Antwort geschrieben wird.</translation>
    </message>
    <message>
        <source>The tools could not be checked. See the log for details.</source>
        <translation>Die Werkzeuge konnten nicht geprüft werden. Einzelheiten stehen im Protokoll.</translation>
    </message>
</context>
<context>
    <name>ToolSettings</name>
    <message>
        <source>The tool {tool!r} has no setting {name!r}; its settings are: {known}.</source>
        <translation>Das Werkzeug {tool!r} hat keine Einstellung {name!r}; seine Einstellungen sind: {known}.</translation>
    </message>
    <message>
        <source>Your organisation asks for at least {minimum} for {tool!r}; {level} is lower. Choose {minimum} or higher.</source>
        <translation>Ihre Organisation verlangt für {tool!r} mindestens {minimum}; {level} ist niedriger. Wählen Sie {minimum} oder höher.</translation>
    </message>
    <message>
        <source>Your settings file sets {names}, which your organisation manages, so Studio uses the organisation&apos;s values. Your own values stay in the file and return if the organisation stops managing them.</source>
        <translation>Ihre Einstellungsdatei setzt {names}, was Ihre Organisation verwaltet, daher verwendet Studio die Werte der Organisation. Ihre eigenen Werte bleiben in der Datei und gelten wieder, wenn die Organisation sie nicht mehr verwaltet.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds a value it cannot use; the value is not shown.</source>
        <translation>Die Einstellung {name!r} enthält einen Wert, den sie nicht verwenden kann; der Wert wird nicht angezeigt.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds a value that is not one of the available options.</source>
        <translation>Die Einstellung {name!r} enthält einen Wert, der keine der verfügbaren Optionen ist.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds the value {value!r}, which is not one of the available options ({options}).</source>
        <translation>Die Einstellung {name!r} enthält den Wert {value!r}, der keine der verfügbaren Optionen ist ({options}).</translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}, which is not a whole number; enter one in plain digits.</source>
        <translation>Die Einstellung {name!r} enthält {value!r}, keine ganze Zahl; geben Sie eine Zahl nur aus Ziffern ein.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}; enter a whole number from {minimum} to {maximum}.</source>
        <translation>Die Einstellung {name!r} enthält {value!r}; geben Sie eine ganze Zahl von {minimum} bis {maximum} ein.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}; enter a whole number of at least {minimum}.</source>
        <translation>Die Einstellung {name!r} enthält {value!r}; geben Sie eine ganze Zahl von mindestens {minimum} ein.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}; enter a whole number of at most {maximum}.</source>
        <translation>Die Einstellung {name!r} enthält {value!r}; geben Sie eine ganze Zahl von höchstens {maximum} ein.</translation>
    </message>
    <message>
        <source>The setting {name!r} was refused: {problem}</source>
        <translation>Die Einstellung {name!r} wurde abgelehnt: {problem}</translation>
    </message>
    <message>
        <source>From {minimum} to {maximum}.</source>
        <translation>Von {minimum} bis {maximum}.</translation>
    </message>
    <message>
        <source>At least {minimum}.</source>
        <translation>Mindestens {minimum}.</translation>
    </message>
    <message>
        <source>At most {maximum}.</source>
        <translation>Höchstens {maximum}.</translation>
    </message>
    <message>
        <source>The tool&apos;s settings could not be checked. See the logs for details.</source>
        <translation>Die Einstellungen des Werkzeugs konnten nicht geprüft werden. Einzelheiten stehen im Protokoll.</translation>
    </message>
</context>
<context>
    <name>ToolSettingsDialog</name>
    <message>
        <source>Tool settings: {name}</source>
        <translation>Werkzeugeinstellungen: {name}</translation>
    </message>
    <message>
        <source>Loading the settings…</source>
        <translation>Die Einstellungen werden geladen…</translation>
    </message>
    <message>
        <source>Your organisation has switched this tool off, so it is not offered in chats. Its settings can still be changed.</source>
        <translation>Ihre Organisation hat dieses Werkzeug ausgeschaltet, daher wird es in Chats nicht angeboten. Seine Einstellungen können trotzdem geändert werden.</translation>
    </message>
    <message>
        <source>This tool is not available in this app.</source>
        <translation>Dieses Werkzeug ist in dieser App nicht verfügbar.</translation>
    </message>
    <message>
        <source>The settings could not be read: {error}</source>
        <translation>Die Einstellungen konnten nicht gelesen werden: {error}</translation>
    </message>
    <message>
        <source>This tool has no settings.</source>
        <translation>Dieses Werkzeug hat keine Einstellungen.</translation>
    </message>
    <message>
        <source>These tools of the collection have no settings: {names}</source>
        <translation>Diese Werkzeuge der Sammlung haben keine Einstellungen: {names}</translation>
    </message>
</context>
<context>
    <name>ToolSettingsOptions</name>
    <message>
        <source>Any language</source>
        <translation>Beliebige Sprache</translation>
    </message>
    <message>
        <source>Arabic</source>
        <translation>Arabisch</translation>
    </message>
    <message>
        <source>Chinese (simplified)</source>
        <translation>Chinesisch (vereinfacht)</translation>
    </message>
    <message>
        <source>Chinese (traditional)</source>
        <translation>Chinesisch (traditionell)</translation>
    </message>
    <message>
        <source>Czech</source>
        <translation>Tschechisch</translation>
    </message>
    <message>
        <source>Danish</source>
        <translation>Dänisch</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>Niederländisch</translation>
    </message>
    <message>
        <source>English (United Kingdom)</source>
        <translation>Englisch (Vereinigtes Königreich)</translation>
    </message>
    <message>
        <source>English (United States)</source>
        <translation>Englisch (Vereinigte Staaten)</translation>
    </message>
    <message>
        <source>Finnish</source>
        <translation>Finnisch</translation>
    </message>
    <message>
        <source>French</source>
        <translation>Französisch</translation>
    </message>
    <message>
        <source>German (Germany)</source>
        <translation>Deutsch (Deutschland)</translation>
    </message>
    <message>
        <source>German (Austria)</source>
        <translation>Deutsch (Österreich)</translation>
    </message>
    <message>
        <source>German (Switzerland)</source>
        <translation>Deutsch (Schweiz)</translation>
    </message>
    <message>
        <source>Greek</source>
        <translation>Griechisch</translation>
    </message>
    <message>
        <source>Hebrew</source>
        <translation>Hebräisch</translation>
    </message>
    <message>
        <source>Hindi</source>
        <translation>Hindi</translation>
    </message>
    <message>
        <source>Hungarian</source>
        <translation>Ungarisch</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>Italienisch</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>Japanisch</translation>
    </message>
    <message>
        <source>Korean</source>
        <translation>Koreanisch</translation>
    </message>
    <message>
        <source>Norwegian</source>
        <translation>Norwegisch</translation>
    </message>
    <message>
        <source>Polish</source>
        <translation>Polnisch</translation>
    </message>
    <message>
        <source>Portuguese (Brazil)</source>
        <translation>Portugiesisch (Brasilien)</translation>
    </message>
    <message>
        <source>Portuguese (Portugal)</source>
        <translation>Portugiesisch (Portugal)</translation>
    </message>
    <message>
        <source>Romanian</source>
        <translation>Rumänisch</translation>
    </message>
    <message>
        <source>Russian</source>
        <translation>Russisch</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>Spanisch</translation>
    </message>
    <message>
        <source>Swedish</source>
        <translation>Schwedisch</translation>
    </message>
    <message>
        <source>Turkish</source>
        <translation>Türkisch</translation>
    </message>
    <message>
        <source>Ukrainian</source>
        <translation>Ukrainisch</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Moderate</source>
        <translation>Mäßig</translation>
    </message>
    <message>
        <source>Strict</source>
        <translation>Streng</translation>
    </message>
    <message>
        <source>Only addresses from the chat</source>
        <translation>Nur Adressen aus dem Chat</translation>
    </message>
    <message>
        <source>Any public address</source>
        <translation>Jede öffentliche Adresse</translation>
    </message>
</context>
<context>
    <name>ToolsSettingsPage</name>
    <message>
        <source>Switch tools on or off, choose how far a provider must be trusted before a tool is offered to it, and pick the tools that new chats start with.</source>
        <translation>Schalten Sie Werkzeuge ein oder aus, legen Sie fest, wie weit einem Anbieter vertraut werden muss, bevor ihm ein Werkzeug angeboten wird, und wählen Sie die Werkzeuge, mit denen neue Chats beginnen.</translation>
    </message>
    <message>
        <source>Available tools</source>
        <translation>Verfügbare Werkzeuge</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>An/Aus</translation>
    </message>
    <message>
        <source>Minimum confidence</source>
        <translation>Mindestvertrauensstufe</translation>
    </message>
    <message>
        <source>Default tools</source>
        <translation>Standardwerkzeuge</translation>
    </message>
    <message>
        <source>The tools selected when a new chat or assistant starts in this place.</source>
        <translation>Die Werkzeuge, die ausgewählt sind, wenn an dieser Stelle ein neuer Chat oder Assistent beginnt.</translation>
    </message>
    <message>
        <source>Place:</source>
        <translation>Stelle:</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Not available in this app.</source>
        <translation>In dieser App nicht verfügbar.</translation>
    </message>
    <message>
        <source>Offered on its own when a chat&apos;s context calls for it.</source>
        <translation>Wird von selbst angeboten, wenn der Zusammenhang eines Chats es erfordert.</translation>
    </message>
    <message>
        <source>Required settings are missing: {fields}</source>
        <translation>Erforderliche Einstellungen fehlen: {fields}</translation>
    </message>
    <message>
        <source>The settings need attention: {message}</source>
        <translation>Die Einstellungen müssen geprüft werden: {message}</translation>
    </message>
    <message>
        <source>Your organisation has switched tool calling off.</source>
        <translation>Ihre Organisation hat Werkzeugaufrufe ausgeschaltet.</translation>
    </message>
</context>
<context>
    <name>TraceEntry</name>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>No arguments</source>
        <translation>Keine Argumente</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>The result is not kept after the app closes.</source>
        <translation>Das Ergebnis wird nach dem Schließen der App nicht aufbewahrt.</translation>
    </message>
    <message numerus="yes">
        <source>%n passage(s) removed</source>
        <translation>
            <numerusform>%n Passage entfernt</numerusform>
            <numerusform>%n Passagen entfernt</numerusform>
        </translation>
    </message>
    <message>
        <source>Removed by the prompt-injection guard</source>
        <translation>Vom Prompt-Injection-Schutz entfernt</translation>
    </message>
</context>
<context>
    <name>TraceLogView</name>
    <message>
        <source>Blocked and failed tool calls</source>
        <translation>Blockierte und fehlgeschlagene Werkzeugaufrufe</translation>
    </message>
    <message>
        <source>Tool calls that were refused before they ran, or that failed while running, with the reason and the arguments the model sent. Sensitive values are masked.</source>
        <translation>Werkzeugaufrufe, die vor der Ausführung abgelehnt wurden oder bei der Ausführung fehlgeschlagen sind, mit dem Grund und den Argumenten, die das Modell gesendet hat. Vertrauliche Werte sind maskiert.</translation>
    </message>
    <message>
        <source>Search chats, tools, reasons and arguments</source>
        <translation>Chats, Werkzeuge, Gründe und Argumente durchsuchen</translation>
    </message>
    <message>
        <source>Select a call to see its details.</source>
        <translation>Wählen Sie einen Aufruf aus, um seine Details zu sehen.</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>Details kopieren</translation>
    </message>
    <message>
        <source>This chat</source>
        <translation>Dieser Chat</translation>
    </message>
    <message>
        <source>All chats</source>
        <translation>Alle Chats</translation>
    </message>
    <message>
        <source>Blocked and failed</source>
        <translation>Blockiert und fehlgeschlagen</translation>
    </message>
    <message>
        <source>Blocked only</source>
        <translation>Nur blockiert</translation>
    </message>
    <message>
        <source>Failed only</source>
        <translation>Nur fehlgeschlagen</translation>
    </message>
    <message>
        <source>All tools</source>
        <translation>Alle Werkzeuge</translation>
    </message>
    <message>
        <source>Shown: {shown} of {total}</source>
        <translation>Angezeigt: {shown} von {total}</translation>
    </message>
    <message>
        <source>No tool call was blocked or failed.</source>
        <translation>Kein Werkzeugaufruf wurde blockiert oder ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>No tool call matches the filters.</source>
        <translation>Kein Werkzeugaufruf passt zu den Filtern.</translation>
    </message>
</context>
<context>
    <name>TracePanel</name>
    <message numerus="yes">
        <source>Tool Calls (%n)</source>
        <translation>
            <numerusform>Werkzeugaufrufe (%n)</numerusform>
            <numerusform>Werkzeugaufrufe (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TracePill</name>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n Werkzeugaufruf</numerusform>
            <numerusform>%n Werkzeugaufrufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Show tool call for {name}</source>
        <translation>Werkzeugaufruf für {name} anzeigen</translation>
    </message>
    <message numerus="yes">
        <source>Show %n tool calls</source>
        <translation>
            <numerusform>%n Werkzeugaufruf anzeigen</numerusform>
            <numerusform>%n Werkzeugaufrufe anzeigen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraceTableModel</name>
    <message>
        <source>No arguments</source>
        <translation>Keine Argumente</translation>
    </message>
    <message>
        <source>Executed</source>
        <translation>Ausgeführt</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation>Blockiert</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Zeitpunkt</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
</context>
<context>
    <name>TranslationAssistant</name>
    <message>
        <source>Translate a text</source>
        <translation>Text übersetzen</translation>
    </message>
    <message>
        <source>The model translates your text into the language you choose. No tools run for a translation, and nothing is kept as a chat.</source>
        <translation>Das Modell übersetzt Ihren Text in die gewählte Sprache. Dabei laufen keine Werkzeuge, und nichts wird als Chat gespeichert.</translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>Übersetzen</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Enter the text to translate.</source>
        <translation>Geben Sie den zu übersetzenden Text ein.</translation>
    </message>
    <message>
        <source>Type or paste the text to translate</source>
        <translation>Zu übersetzenden Text eingeben oder einfügen</translation>
    </message>
    <message>
        <source>Into</source>
        <translation>Zielsprache</translation>
    </message>
    <message>
        <source>Choose or type the language to translate into.</source>
        <translation>Wählen Sie die Zielsprache oder geben Sie sie ein.</translation>
    </message>
    <message>
        <source>Tone</source>
        <translation>Ton</translation>
    </message>
    <message>
        <source>Like the original</source>
        <translation>Wie im Original</translation>
    </message>
    <message>
        <source>Formal</source>
        <translation>Förmlich</translation>
    </message>
    <message>
        <source>Informal</source>
        <translation>Locker</translation>
    </message>
    <message>
        <source>Friendly</source>
        <translation>Freundlich</translation>
    </message>
    <message>
        <source>Businesslike</source>
        <translation>Sachlich</translation>
    </message>
</context>
<context>
    <name>UntrustedAllowanceSwitch</name>
    <message>
        <source>Chats that read web pages, mails or other outside content may contain instructions from strangers; normally Studio then asks before a tool sends data out or changes anything.</source>
        <translation>Chats, die Webseiten, E-Mails oder andere Inhalte von außen gelesen haben, können Anweisungen von Fremden enthalten; dann fragt Studio normalerweise, bevor ein Werkzeug Daten nach außen sendet oder etwas verändert.</translation>
    </message>
    <message>
        <source>Run without asking in chats with outside content</source>
        <translation>In Chats mit Inhalten von außen ohne Nachfrage ausführen</translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation>Von Ihrer Organisation verwaltet</translation>
    </message>
    <message>
        <source>Chats that read web pages, mails or other outside content may contain instructions from strangers; normally Studio then asks before this tool sends data out or changes anything.</source>
        <translation>Chats, die Webseiten, E-Mails oder andere Inhalte von außen gelesen haben, können Anweisungen von Fremden enthalten; dann fragt Studio normalerweise, bevor dieses Werkzeug Daten nach außen sendet oder etwas verändert.</translation>
    </message>
</context>
<context>
    <name>UserCard</name>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
</context>
<context>
    <name>WebRetrieval</name>
    <message>
        <source>The address is not a complete http or https URL with a valid host name.</source>
        <translation>Die Adresse ist keine vollständige http- oder https-URL mit gültigem Hostnamen.</translation>
    </message>
    <message>
        <source>The web server sent a redirect without saying where to.</source>
        <translation>Der Webserver hat eine Weiterleitung ohne Ziel gesendet.</translation>
    </message>
    <message>
        <source>The web page redirected more than {limit} times, so Studio stopped.</source>
        <translation>Die Webseite hat mehr als {limit}-mal weitergeleitet, daher hat Studio abgebrochen.</translation>
    </message>
    <message>
        <source>The web page is larger than {megabytes} MB, so Studio did not read it.</source>
        <translation>Die Webseite ist größer als {megabytes} MB, daher hat Studio sie nicht gelesen.</translation>
    </message>
    <message>
        <source>The address leads to {media_type!r} content. Studio reads only web pages and text documents, not PDF files, images or other binary content.</source>
        <translation>Die Adresse führt zu Inhalten vom Typ {media_type!r}. Studio liest nur Webseiten und Textdokumente, keine PDF-Dateien, Bilder oder andere Binärinhalte.</translation>
    </message>
    <message>
        <source>The web server compressed the page with {encoding!r}, which Studio cannot read.</source>
        <translation>Der Webserver hat die Seite mit {encoding!r} komprimiert; das kann Studio nicht lesen.</translation>
    </message>
    <message>
        <source>Loading the web page timed out after {seconds} seconds.</source>
        <translation>Das Laden der Webseite wurde nach {seconds} Sekunden abgebrochen (Zeitlimit).</translation>
    </message>
    <message>
        <source>The web server answered with HTTP status {status}.</source>
        <translation>Der Webserver hat mit dem HTTP-Status {status} geantwortet.</translation>
    </message>
    <message>
        <source>Studio could not connect to {host!r}, or the connection broke off.</source>
        <translation>Studio konnte keine Verbindung zu {host!r} herstellen, oder die Verbindung ist abgebrochen.</translation>
    </message>
    <message>
        <source>The host name {host!r} could not be found.</source>
        <translation>Der Hostname {host!r} wurde nicht gefunden.</translation>
    </message>
    <message>
        <source>Studio reads only http and https addresses.</source>
        <translation>Studio liest nur http- und https-Adressen.</translation>
    </message>
    <message>
        <source>Studio does not read addresses on this computer (localhost) for a model.</source>
        <translation>Studio liest für ein Modell keine Adressen auf diesem Computer (localhost).</translation>
    </message>
    <message>
        <source>The address leads to this computer, a link-local, multicast or reserved network address. Studio never reads such addresses for a model.</source>
        <translation>Die Adresse führt zu diesem Computer oder zu einer Link-Local-, Multicast- oder reservierten Netzwerkadresse. Studio liest solche Adressen nie für ein Modell.</translation>
    </message>
    <message>
        <source>The address leads to a private network. Add its host to the allowed private hosts in the tool&apos;s settings if the model may read it.</source>
        <translation>Die Adresse führt in ein privates Netzwerk. Fügen Sie ihren Host in den Einstellungen des Werkzeugs zu den erlaubten privaten Hosts hinzu, wenn das Modell sie lesen darf.</translation>
    </message>
    <message>
        <source>Pages on a private network or a VPN can be read only while a provider with High confidence is selected.</source>
        <translation>Seiten in einem privaten Netzwerk oder VPN können nur gelesen werden, solange ein Anbieter mit der Vertrauensstufe „hoch“ gewählt ist.</translation>
    </message>
    <message>
        <source>This tool is not allowed to read this address.</source>
        <translation>Dieses Werkzeug darf diese Adresse nicht lesen.</translation>
    </message>
    <message>
        <source>The page redirected to an address on this computer, which Studio follows only from an address on this computer. Type that address yourself if you want to read it.</source>
        <translation>Die Seite hat zu einer Adresse auf diesem Computer weitergeleitet. Solchen Weiterleitungen folgt Studio nur von einer Adresse auf diesem Computer aus. Geben Sie die Adresse selbst ein, wenn Sie sie lesen möchten.</translation>
    </message>
    <message>
        <source>The page redirected to an address on a private network, which Studio follows only from an address on a private network. Type that address yourself, or add its host to the allowed private hosts in the settings of the Read web page tool.</source>
        <translation>Die Seite hat zu einer Adresse in einem privaten Netzwerk weitergeleitet. Solchen Weiterleitungen folgt Studio nur von einer Adresse in einem privaten Netzwerk aus. Geben Sie die Adresse selbst ein, oder fügen Sie ihren Host in den Einstellungen des Werkzeugs „Webseite lesen“ zu den erlaubten privaten Hosts hinzu.</translation>
    </message>
</context>
<context>
    <name>WebSearchTool</name>
    <message>
        <source>SearXNG address</source>
        <translation>SearXNG-Adresse</translation>
    </message>
    <message>
        <source>Default language</source>
        <translation>Standardsprache</translation>
    </message>
    <message>
        <source>Safe search</source>
        <translation>Sichere Suche</translation>
    </message>
    <message>
        <source>Results per search</source>
        <translation>Ergebnisse pro Suche</translation>
    </message>
    <message>
        <source>How many results a search returns when the model does not say.</source>
        <translation>Wie viele Ergebnisse eine Suche liefert, wenn das Modell keine Anzahl nennt.</translation>
    </message>
    <message>
        <source>Search timeout (seconds)</source>
        <translation>Zeitlimit der Suche (Sekunden)</translation>
    </message>
    <message>
        <source>How long the search engines may take to answer.</source>
        <translation>Wie lange die Suchmaschinen für ihre Antwort brauchen dürfen.</translation>
    </message>
    <message>
        <source>Page timeout (seconds)</source>
        <translation>Zeitlimit pro Seite (Sekunden)</translation>
    </message>
    <message>
        <source>How long one result page may take to load.</source>
        <translation>Wie lange das Laden einer Ergebnisseite dauern darf.</translation>
    </message>
    <message>
        <source>Timeout for all pages (seconds)</source>
        <translation>Zeitlimit für alle Seiten (Sekunden)</translation>
    </message>
    <message>
        <source>How long loading all result pages may take; pages still loading then are left out.</source>
        <translation>Wie lange das Laden aller Ergebnisseiten dauern darf; Seiten, die dann noch laden, werden weggelassen.</translation>
    </message>
    <message>
        <source>Total content characters</source>
        <translation>Inhaltszeichen insgesamt</translation>
    </message>
    <message>
        <source>How much page text one search returns, all pages together; at least 20 times the minimum per result.</source>
        <translation>Wie viel Seitentext eine Suche liefert, alle Seiten zusammen; mindestens das 20-Fache des Minimums pro Ergebnis.</translation>
    </message>
    <message>
        <source>Minimum content characters per result</source>
        <translation>Mindestzahl an Inhaltszeichen pro Ergebnis</translation>
    </message>
    <message>
        <source>The address of your SearXNG instance, such as http://localhost:8888. Its JSON format must be switched on.</source>
        <translation>Die Adresse Ihrer SearXNG-Instanz, etwa http://localhost:8888. Ihr JSON-Format muss eingeschaltet sein.</translation>
    </message>
    <message>
        <source>The language of the results when the model names none. Without a language many search engines return nothing.</source>
        <translation>Die Sprache der Ergebnisse, wenn das Modell keine nennt. Ohne Sprache liefern viele Suchmaschinen nichts.</translation>
    </message>
    <message>
        <source>How strictly adult content is filtered out; empty leaves it to the search engines.</source>
        <translation>Wie streng Inhalte für Erwachsene herausgefiltert werden; leer überlässt es den Suchmaschinen.</translation>
    </message>
    <message>
        <source>SearXNG</source>
        <translation>SearXNG</translation>
    </message>
    <message>
        <source>Enabling the JSON format (search.formats)</source>
        <translation>Das JSON-Format einschalten (search.formats)</translation>
    </message>
    <message>
        <source>{done} of {wanted} pages loaded</source>
        <translation>{done} von {wanted} Seiten geladen</translation>
    </message>
    <message>
        <source>Web search</source>
        <translation>Websuche</translation>
    </message>
    <message>
        <source>Lets the model search the web through your search backends and read the best results, with suspicious instructions removed.</source>
        <translation>Lässt das Modell über Ihre Suchdienste im Web suchen und die besten Ergebnisse lesen; verdächtige Anweisungen werden entfernt.</translation>
    </message>
    <message>
        <source>The SearXNG address must not hold a user name or password: the settings file is plain text, and Studio keeps secrets only in the system keyring. Enter the address without them, such as https://search.example.org.</source>
        <translation>Die SearXNG-Adresse darf keinen Benutzernamen und kein Passwort enthalten: Die Einstellungsdatei ist reiner Text, und Studio bewahrt Geheimnisse nur im Schlüsselbund des Systems auf. Geben Sie die Adresse ohne sie ein, etwa https://search.example.org.</translation>
    </message>
    <message>
        <source>How much text every result keeps while better-ranked pages take their share.</source>
        <translation>Wie viel Text jedes Ergebnis behält, während besser platzierte Seiten ihren Anteil erhalten.</translation>
    </message>
    <message>
        <source>No search backend is configured. Enter the address of a SearXNG instance in &apos;{field}&apos;.</source>
        <translation>Es ist kein Suchdienst eingerichtet. Geben Sie in &apos;{field}&apos; die Adresse einer SearXNG-Instanz ein.</translation>
    </message>
    <message>
        <source>The content budget and the minimum content per result must be positive numbers.</source>
        <translation>Das Inhaltsbudget und der Mindestinhalt je Ergebnis müssen positive Zahlen sein.</translation>
    </message>
    <message>
        <source>The total content budget ({total} characters) must be at least {times} times the minimum content per result ({minimum} characters), that is {needed} characters, so that every result gets its minimum.</source>
        <translation>Das gesamte Inhaltsbudget ({total} Zeichen) muss mindestens das {times}-Fache des Mindestinhalts je Ergebnis ({minimum} Zeichen) betragen, also {needed} Zeichen, damit jedes Ergebnis sein Minimum erhält.</translation>
    </message>
    <message>
        <source>The SearXNG address must be an absolute http or https address, such as &apos;http://localhost:8888&apos;.</source>
        <translation>Die SearXNG-Adresse muss eine absolute http- oder https-Adresse sein, etwa &apos;http://localhost:8888&apos;.</translation>
    </message>
    <message>
        <source>The SearXNG address must be an absolute http or https address, such as &apos;http://localhost:8888&apos;. It cannot be read.</source>
        <translation>Die SearXNG-Adresse muss eine absolute http- oder https-Adresse sein, etwa &apos;http://localhost:8888&apos;. Sie kann nicht gelesen werden.</translation>
    </message>
</context>
<context>
    <name>WebSummaryAssistant</name>
    <message>
        <source>Studio found no readable text on this page, so there is nothing to summarise. The page may build its content with JavaScript or need a login.</source>
        <translation>Studio hat auf dieser Seite keinen lesbaren Text gefunden, es gibt also nichts zusammenzufassen. Die Seite baut ihren Inhalt vielleicht mit JavaScript auf oder verlangt eine Anmeldung.</translation>
    </message>
    <message>
        <source>Summarise a web page</source>
        <translation>Webseite zusammenfassen</translation>
    </message>
    <message>
        <source>Studio reads the page at the address you enter and the model summarises it. Pages on your own network can be read too; their content then goes only to a provider with High confidence.</source>
        <translation>Studio liest die Seite unter der eingegebenen Adresse, das Modell fasst sie zusammen. Auch Seiten im eigenen Netz lassen sich lesen; ihr Inhalt geht dann nur an einen Anbieter mit der Vertrauensstufe „hoch“.</translation>
    </message>
    <message>
        <source>Summarise</source>
        <translation>Zusammenfassen</translation>
    </message>
    <message>
        <source>Reading the page…</source>
        <translation>Seite wird gelesen…</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Enter the address of the page.</source>
        <translation>Geben Sie die Adresse der Seite ein.</translation>
    </message>
    <message>
        <source>Focus</source>
        <translation>Schwerpunkt</translation>
    </message>
    <message>
        <source>Optional: what the summary should concentrate on</source>
        <translation>Optional: worauf sich die Zusammenfassung konzentrieren soll</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Länge</translation>
    </message>
    <message>
        <source>Short: a few points</source>
        <translation>Kurz: einige Punkte</translation>
    </message>
    <message>
        <source>Medium: a paragraph or two</source>
        <translation>Mittel: ein, zwei Absätze</translation>
    </message>
    <message>
        <source>Detailed: with headings</source>
        <translation>Ausführlich: mit Überschriften</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Same as the page</source>
        <translation>Wie die Seite</translation>
    </message>
</context>
<context>
    <name>_EntryRow</name>
    <message>
        <source>Enabled</source>
        <translation>Eingeschaltet</translation>
    </message>
    <message>
        <source>Your organisation asks for at least {level}</source>
        <translation>Ihre Organisation verlangt mindestens {level}</translation>
    </message>
    <message>
        <source>The lowest provider confidence this tool runs with</source>
        <translation>Die niedrigste Vertrauensstufe eines Anbieters, mit der dieses Werkzeug läuft</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Einstellungen…</translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation>Von Ihrer Organisation verwaltet</translation>
    </message>
</context>
<context>
    <name>_PolicyCard</name>
    <message>
        <source>A policy that could not be read</source>
        <translation>Eine Richtlinie, die nicht gelesen werden konnte</translation>
    </message>
    <message>
        <source>Place:</source>
        <translation>Ort:</translation>
    </message>
    <message>
        <source>Priority:</source>
        <translation>Priorität:</translation>
    </message>
    <message>
        <source>In force</source>
        <translation>Gilt</translation>
    </message>
    <message>
        <source>Not in force: none of it applies</source>
        <translation>Gilt nicht: nichts davon wird angewendet</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>Status:</translation>
    </message>
</context>
<context>
    <name>_ResultView</name>
    <message>
        <source>Show all</source>
        <translation>Alles anzeigen</translation>
    </message>
    <message numerus="yes">
        <source>Showing the first %n characters.</source>
        <translation>
            <numerusform>Die ersten %n Zeichen werden angezeigt.</numerusform>
            <numerusform>Die ersten %n Zeichen werden angezeigt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>_ToolPopup</name>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>No tools are available here.</source>
        <translation>Hier sind keine Werkzeuge verfügbar.</translation>
    </message>
</context>
<context>
    <name>_ToolRow</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Open the settings of this tool</source>
        <translation>Die Einstellungen dieses Werkzeugs öffnen</translation>
    </message>
</context>
</TS>
