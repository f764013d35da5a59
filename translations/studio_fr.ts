<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>AnswerCard</name>
    <message>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <source>Stopped. The answer may be incomplete.</source>
        <translation>Arrêtée. La réponse est peut-être incomplète.</translation>
    </message>
    <message>
        <source>The answer failed.</source>
        <translation>La réponse a échoué.</translation>
    </message>
    <message>
        <source>Show the removed passages</source>
        <translation>Afficher les passages retirés</translation>
    </message>
</context>
<context>
    <name>AppSettings</name>
    <message>
        <source>{language!r} is not a language code such as &apos;de&apos; or &apos;pt_BR&apos;</source>
        <translation>{language!r} n’est pas un code de langue comme &apos;de&apos; ou &apos;pt_BR&apos;</translation>
    </message>
    <message>
        <source>The settings file cannot be written: {error}</source>
        <translation>Le fichier de paramètres ne peut pas être écrit : {error}</translation>
    </message>
</context>
<context>
    <name>AssistantForm</name>
    <message>
        <source>This text is too long: at most {limit} characters, it has {length}.</source>
        <translation>Ce texte est trop long : {limit} caractères au plus, il en compte {length}.</translation>
    </message>
    <message>
        <source>Enter a complete address that starts with http:// or https://.</source>
        <translation>Saisissez une adresse complète commençant par http:// ou https://.</translation>
    </message>
    <message>
        <source>Choose one of the listed options.</source>
        <translation>Choisissez l’une des options proposées.</translation>
    </message>
    <message>
        <source>Fill in this field.</source>
        <translation>Remplissez ce champ.</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Anglais</translation>
    </message>
    <message>
        <source>German</source>
        <translation>Allemand</translation>
    </message>
    <message>
        <source>French</source>
        <translation>Français</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>Espagnol</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>Italien</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation>Portugais</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>Néerlandais</translation>
    </message>
    <message>
        <source>Polish</source>
        <translation>Polonais</translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation>Chinois</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>Japonais</translation>
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
        <translation>Lancer (Ctrl+Entrée)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Stop the answer (Esc); what arrived so far is kept</source>
        <translation>Arrêter la réponse (Échap) ; ce qui est déjà arrivé est conservé</translation>
    </message>
    <message>
        <source>Copy answer</source>
        <translation>Copier la réponse</translation>
    </message>
    <message>
        <source>Copy the answer as Markdown</source>
        <translation>Copier la réponse au format Markdown</translation>
    </message>
    <message>
        <source>The answer appears here.</source>
        <translation>La réponse s’affiche ici.</translation>
    </message>
    <message>
        <source>{name} · {model}</source>
        <translation>{name} · {model}</translation>
    </message>
    <message>
        <source>Something went wrong while preparing; the log has the details.</source>
        <translation>Un problème est survenu pendant la préparation ; le journal contient les détails.</translation>
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
        <translation>Nouvelle discussion</translation>
    </message>
    <message>
        <source>Start a new chat (Ctrl+N)</source>
        <translation>Commencer une nouvelle discussion (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search chats</source>
        <translation>Rechercher dans les discussions</translation>
    </message>
    <message>
        <source>No chats yet.</source>
        <translation>Aucune discussion pour l’instant.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>“{title}” deleted.</source>
        <translation>« {title} » supprimée.</translation>
    </message>
    <message>
        <source>Untitled chat</source>
        <translation>Discussion sans titre</translation>
    </message>
    <message>
        <source>No chat matches the search.</source>
        <translation>Aucune discussion ne correspond à la recherche.</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Renommer</translation>
    </message>
</context>
<context>
    <name>ChatSession</name>
    <message>
        <source>The provider {name} is no longer set up.</source>
        <translation>Le fournisseur {name} n’est plus configuré.</translation>
    </message>
    <message>
        <source>Something went wrong while answering; the log has the details.</source>
        <translation>Un problème est survenu pendant la réponse ; le journal contient les détails.</translation>
    </message>
</context>
<context>
    <name>ChatStore</name>
    <message>
        <source>Your chats could not be read: the file {problem}. Studio started a new chat history and kept the old file as {kept!r}.</source>
        <translation>Vos discussions n’ont pas pu être lues : le fichier {problem}. Studio a commencé un nouvel historique de discussions et a conservé l’ancien fichier sous {kept!r}.</translation>
    </message>
    <message>
        <source>belongs to another program</source>
        <translation>appartient à un autre programme</translation>
    </message>
    <message>
        <source>is not a database ({detail})</source>
        <translation>n’est pas une base de données ({detail})</translation>
    </message>
    <message>
        <source>is damaged ({detail})</source>
        <translation>est endommagé ({detail})</translation>
    </message>
    <message>
        <source>The chat history {path!r} is already open.</source>
        <translation>L’historique des discussions {path!r} est déjà ouvert.</translation>
    </message>
    <message>
        <source>The chat history {path!r} could not be opened: {error}</source>
        <translation>L’historique des discussions {path!r} n’a pas pu être ouvert : {error}</translation>
    </message>
    <message>
        <source>The chat history {path!r} is not open.</source>
        <translation>L’historique des discussions {path!r} n’est pas ouvert.</translation>
    </message>
    <message>
        <source>The chat history {path!r} could not be used: {error}</source>
        <translation>L’historique des discussions {path!r} n’a pas pu être utilisé : {error}</translation>
    </message>
    <message>
        <source>The chat history {path!r} is closed.</source>
        <translation>L’historique des discussions {path!r} est fermé.</translation>
    </message>
    <message>
        <source>There is no chat {chat_id!r}.</source>
        <translation>Il n’existe aucune discussion {chat_id!r}.</translation>
    </message>
    <message>
        <source>There is no answer {answer_id!r}.</source>
        <translation>Il n’existe aucune réponse {answer_id!r}.</translation>
    </message>
    <message>
        <source>The chat history {path!r} is a folder where Studio expects a file.</source>
        <translation>L’historique des discussions {path!r} est un dossier là où Studio attend un fichier.</translation>
    </message>
    <message>
        <source>Your chat history {path!r} is a folder where Studio expects a file, so Studio started without your chats and leaves the folder as it is; chats you start now are not saved. Move or rename the folder, then start Studio again.</source>
        <translation>Votre historique des discussions {path!r} est un dossier là où Studio attend un fichier ; Studio a donc démarré sans vos discussions et laisse le dossier tel quel. Les discussions commencées maintenant ne sont pas enregistrées. Déplacez ou renommez le dossier, puis redémarrez Studio.</translation>
    </message>
    <message>
        <source>The chat history {path!r} is locked by another program.</source>
        <translation>L’historique des discussions {path!r} est verrouillé par un autre programme.</translation>
    </message>
    <message>
        <source>Your chat history {path!r} is locked by another program, perhaps another Studio, so Studio started without your chats and leaves the file as it is; chats you start now are not saved. Close the other program, then start Studio again.</source>
        <translation>Votre historique des discussions {path!r} est verrouillé par un autre programme, peut-être un autre Studio ; Studio a donc démarré sans vos discussions et laisse le fichier tel quel. Les discussions commencées maintenant ne sont pas enregistrées. Fermez l’autre programme, puis redémarrez Studio.</translation>
    </message>
    <message>
        <source>The chat history {path!r} was written by a newer Studio: it is chat history version {version}, and this Studio ({studio}) reads up to version {supported}.</source>
        <translation>L’historique des discussions {path!r} a été écrit par un Studio plus récent : c’est la version {version} de l’historique, et ce Studio ({studio}) lit jusqu’à la version {supported}.</translation>
    </message>
    <message>
        <source>Your chat history {path!r} was written by a newer Studio: it is chat history version {version}, and this Studio ({studio}) reads up to version {supported}. Studio started without your chats and leaves the file as it is; chats you start now are not saved. To open your chats, use a Studio that reads chat history version {version}: the one that wrote it, or a later one.</source>
        <translation>Votre historique des discussions {path!r} a été écrit par un Studio plus récent : c’est la version {version} de l’historique, et ce Studio ({studio}) lit jusqu’à la version {supported}. Studio a démarré sans vos discussions et laisse le fichier tel quel ; les discussions commencées maintenant ne sont pas enregistrées. Pour ouvrir vos discussions, utilisez un Studio qui lit la version {version} de l’historique : celui qui l’a écrit, ou un plus récent.</translation>
    </message>
    <message>
        <source>Your chat history {path!r} could not be opened ({error}), so Studio started without your chats and leaves the file as it is; chats you start now are not saved. Fix the problem, then start Studio again.</source>
        <translation>Votre historique des discussions {path!r} n’a pas pu être ouvert ({error}) ; Studio a donc démarré sans vos discussions et laisse le fichier tel quel. Les discussions commencées maintenant ne sont pas enregistrées. Corrigez le problème, puis redémarrez Studio.</translation>
    </message>
</context>
<context>
    <name>ChatTurn</name>
    <message>
        <source>This chat holds content that may only be sent to a provider with confidence {required} or higher; {provider!r} has {actual}. Choose another provider or start a new chat.</source>
        <translation>Cette discussion contient des données qui ne peuvent être envoyées qu’à un fournisseur de niveau de confiance {required} ou supérieur ; {provider!r} a le niveau {actual}. Choisissez un autre fournisseur ou commencez une nouvelle discussion.</translation>
    </message>
    <message>
        <source>This content may only be sent to a provider with confidence {required} or higher; {provider!r} has {actual}. Choose a provider with confidence {required} or higher in the assistant, or raise this provider&apos;s confidence in the settings.</source>
        <translation>Ce contenu ne peut être envoyé qu&apos;à un fournisseur de niveau de confiance {required} ou plus ; {provider!r} a le niveau {actual}. Choisissez dans l&apos;assistant un fournisseur de niveau {required} ou plus, ou augmentez le niveau de confiance de ce fournisseur dans les paramètres.</translation>
    </message>
    <message>
        <source>This chat holds content that may only be sent to a self-hosted provider; {provider!r} is not one. Choose a self-hosted provider, such as Ollama or LM Studio, or start a new chat.</source>
        <translation>Cette discussion contient des contenus qui ne peuvent être envoyés qu’à un fournisseur auto-hébergé ; {provider!r} n’en est pas un. Choisissez un fournisseur auto-hébergé, comme Ollama ou LM Studio, ou commencez une nouvelle discussion.</translation>
    </message>
    <message>
        <source>This content may only be sent to a self-hosted provider; {provider!r} is not one. Choose a self-hosted provider, such as Ollama or LM Studio, in the assistant.</source>
        <translation>Ce contenu ne peut être envoyé qu’à un fournisseur auto-hébergé ; {provider!r} n’en est pas un. Choisissez dans l’assistant un fournisseur auto-hébergé, comme Ollama ou LM Studio.</translation>
    </message>
</context>
<context>
    <name>ConfigError</name>
    <message>
        <source>The setting {field!r} of tool {tool!r} is managed by your organisation.</source>
        <translation>Le paramètre {field!r} de l’outil {tool!r} est géré par votre organisation.</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Start a conversation: type a message below.</source>
        <translation>Commencez une conversation : saisissez un message ci-dessous.</translation>
    </message>
</context>
<context>
    <name>FieldEditor</name>
    <message>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Remove the stored secret when you save</source>
        <translation>Supprimer le secret enregistré lors de l’enregistrement</translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation>Géré par votre organisation</translation>
    </message>
    <message>
        <source>Set by your organisation</source>
        <translation>Défini par votre organisation</translation>
    </message>
    <message>
        <source>Stored in the keyring</source>
        <translation>Enregistré dans le trousseau</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>Non défini</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
    <message>
        <source>Default: {value}</source>
        <translation>Par défaut : {value}</translation>
    </message>
    <message>
        <source>Removed when you save</source>
        <translation>Supprimé lors de l’enregistrement</translation>
    </message>
</context>
<context>
    <name>JsonText</name>
    <message>
        <source>the file nests more than {limit} levels deep, which no Studio file does</source>
        <translation>le fichier imbrique plus de {limit} niveaux, ce qu’aucun fichier de Studio ne fait</translation>
    </message>
</context>
<context>
    <name>LanguagePage</name>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>The language of Studio&apos;s menus, dialogs and messages. A new choice applies at once.</source>
        <translation>La langue des menus, boîtes de dialogue et messages de Studio. Un nouveau choix s’applique immédiatement.</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Langue :</translation>
    </message>
    <message>
        <source>System default ({language})</source>
        <translation>Langue du système ({language})</translation>
    </message>
    <message>
        <source>Follows the language of your operating system by default</source>
        <translation>Suit par défaut la langue de votre système d’exploitation</translation>
    </message>
    <message>
        <source>What Studio sends to a model, such as the descriptions of its tools, stays in English, the language models follow best.</source>
        <translation>Ce que Studio envoie à un modèle, comme la description de ses outils, reste en anglais, la langue que les modèles suivent le mieux.</translation>
    </message>
    <message>
        <source>The language applies now but could not be saved: {error}</source>
        <translation>La langue s’applique dès maintenant mais n’a pas pu être enregistrée : {error}</translation>
    </message>
</context>
<context>
    <name>LegalCheckAssistant</name>
    <message>
        <source>Check a legal text</source>
        <translation>Vérifier un texte juridique</translation>
    </message>
    <message>
        <source>The model reviews a contract, terms of service or a privacy policy for what you choose. Web search is not available here, so the text never becomes a search query. This is not legal advice.</source>
        <translation>Le modèle examine un contrat, des conditions d’utilisation ou une politique de confidentialité selon votre choix. La recherche web n’est pas disponible ici : le texte ne devient jamais une requête. Ceci n’est pas un conseil juridique.</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Vérifier</translation>
    </message>
    <message>
        <source>Legal text</source>
        <translation>Texte juridique</translation>
    </message>
    <message>
        <source>Paste the legal text to check.</source>
        <translation>Collez le texte juridique à vérifier.</translation>
    </message>
    <message>
        <source>Paste a contract, terms of service or a privacy policy</source>
        <translation>Collez un contrat, des conditions d’utilisation ou une politique de confidentialité</translation>
    </message>
    <message>
        <source>Check for</source>
        <translation>Points à vérifier</translation>
    </message>
    <message>
        <source>Choose what to check.</source>
        <translation>Choisissez ce qu’il faut vérifier.</translation>
    </message>
    <message>
        <source>Unfair or surprising clauses</source>
        <translation>Clauses abusives ou surprenantes</translation>
    </message>
    <message>
        <source>Data protection (GDPR)</source>
        <translation>Protection des données (RGPD)</translation>
    </message>
    <message>
        <source>Plain-language summary</source>
        <translation>Résumé en langage clair</translation>
    </message>
    <message>
        <source>Obligations and deadlines</source>
        <translation>Obligations et délais</translation>
    </message>
    <message>
        <source>Jurisdiction</source>
        <translation>Droit applicable</translation>
    </message>
    <message>
        <source>Optional, such as Germany or the EU</source>
        <translation>Facultatif, par exemple l’Allemagne ou l’UE</translation>
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
        <translation>Appels d’outils refusés dans cette discussion</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>&amp;Discussion</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Nouvelle discussion</translation>
    </message>
    <message>
        <source>&amp;Add provider…</source>
        <translation>&amp;Ajouter un fournisseur…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Assistants</source>
        <translation>A&amp;ssistants</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>Refused tool calls in all chats</source>
        <translation>Appels d’outils refusés dans toutes les discussions</translation>
    </message>
    <message>
        <source>&amp;Refused tool calls</source>
        <translation>Appels d’outils &amp;refusés</translation>
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
        <translation>Configurez un fournisseur pour commencer à discuter.</translation>
    </message>
</context>
<context>
    <name>Managed</name>
    <message>
        <source>Managed by your organisation</source>
        <translation>Géré par votre organisation</translation>
    </message>
    <message>
        <source>Managed by your organisation: {policy}</source>
        <translation>Géré par votre organisation : {policy}</translation>
    </message>
    <message>
        <source>Managed by your organisation: a policy could not be used, so every tool is switched off until it is fixed.</source>
        <translation>Géré par votre organisation : une stratégie n’a pas pu être utilisée ; tous les outils sont donc désactivés jusqu’à sa correction.</translation>
    </message>
    <message>
        <source>Managed by your organisation: {policy} could not be used, so every tool is switched off until it is fixed.</source>
        <translation>Géré par votre organisation : {policy} n’a pas pu être utilisée ; tous les outils sont donc désactivés jusqu’à sa correction.</translation>
    </message>
</context>
<context>
    <name>MarkdownView</name>
    <message>
        <source>Image not loaded: {alt} ({address})</source>
        <translation>Image non chargée : {alt} ({address})</translation>
    </message>
    <message>
        <source>Image not loaded: {address}</source>
        <translation>Image non chargée : {address}</translation>
    </message>
</context>
<context>
    <name>MessageBox</name>
    <message>
        <source>Ask anything. Enter sends, Shift+Enter adds a line.</source>
        <translation>Posez votre question. Entrée envoie, Maj+Entrée ajoute une ligne.</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>What sending now would carry: system prompt, chat so far, this message and the tool definitions. Tokens are estimated at four characters each; the model&apos;s own count differs.</source>
        <translation>Ce qu’un envoi maintenant transmettrait : prompt système, discussion jusqu’ici, ce message et les définitions des outils. Les jetons sont estimés à quatre caractères chacun ; le décompte du modèle diffère.</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <source>Send the message (Enter)</source>
        <translation>Envoyer le message (Entrée)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Stop the answer (Esc); what arrived so far is kept</source>
        <translation>Arrêter la réponse (Échap) ; ce qui est déjà arrivé est conservé</translation>
    </message>
    <message>
        <source>Characters: {characters} · Tokens (estimate): ~{tokens}</source>
        <translation>Caractères : {characters} · Jetons (estimation) : ~{tokens}</translation>
    </message>
</context>
<context>
    <name>OrganizationPage</name>
    <message>
        <source>Policies in force</source>
        <translation>Stratégies en vigueur</translation>
    </message>
    <message>
        <source>Policies not in force</source>
        <translation>Stratégies non appliquées</translation>
    </message>
    <message>
        <source>No organisation policy applies on this computer.</source>
        <translation>Aucune stratégie d’organisation ne s’applique sur cet ordinateur.</translation>
    </message>
    <message>
        <source>Your organisation can decide some of Studio&apos;s settings for everyone with policy files on this computer. Where two policies decide the same setting, the first one listed wins.</source>
        <translation>Votre organisation peut fixer certains paramètres de Studio pour tous à l’aide de fichiers de stratégie sur cet ordinateur. Lorsque deux stratégies fixent le même paramètre, la première de la liste l’emporte.</translation>
    </message>
    <message>
        <source>A policy could not be used, so every tool is switched off until it is fixed. Your administrator can see every problem with `studio policy check`.</source>
        <translation>Une stratégie n’a pas pu être utilisée ; tous les outils sont donc désactivés jusqu’à sa correction. Votre administrateur peut voir chaque problème avec `studio policy check`.</translation>
    </message>
    <message>
        <source>Other problems</source>
        <translation>Autres problèmes</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <source>Write the tool settings of this profile as a policy file, to give every user of your organisation the same settings.</source>
        <translation>Écrire les paramètres des outils de ce profil dans un fichier de stratégie, pour donner les mêmes paramètres à tous les utilisateurs de votre organisation.</translation>
    </message>
    <message>
        <source>Export tool settings as policy…</source>
        <translation>Exporter les paramètres des outils comme stratégie…</translation>
    </message>
    <message>
        <source>The policy was written to {path}.</source>
        <translation>La stratégie a été écrite dans {path}.</translation>
    </message>
</context>
<context>
    <name>OutsideContentNotice</name>
    <message>
        <source>This chat contains content from outside ({source}). Tools that send data out or change things now need your approval.</source>
        <translation>Cette conversation contient du contenu extérieur ({source}). Les outils qui envoient des données à l’extérieur ou modifient quelque chose ont désormais besoin de votre accord.</translation>
    </message>
    <message numerus="yes">
        <source>%n suspicious passage(s) removed</source>
        <translation>
            <numerusform>%n passage suspect retiré</numerusform>
            <numerusform>%n passages suspects retirés</numerusform>
        </translation>
    </message>
    <message>
        <source>Show passages</source>
        <translation>Afficher les passages</translation>
    </message>
    <message>
        <source>Open the tool calls they were removed from</source>
        <translation>Ouvrir les appels d’outils dont ils ont été retirés</translation>
    </message>
</context>
<context>
    <name>PolicyCheck</name>
    <message>
        <source>{key!r} is a setting of the tool {tool!r}, which is not installed; the value is kept and applies when the tool is installed</source>
        <translation>{key!r} est un paramètre de l’outil {tool!r}, qui n’est pas installé ; la valeur est conservée et s’applique dès que l’outil est installé</translation>
    </message>
    <message>
        <source>the tool {tool!r} has no setting {field!r}, so the value is not used; its settings are: {known}</source>
        <translation>l’outil {tool!r} n’a pas de paramètre {field!r} ; la valeur n’est donc pas utilisée ; ses paramètres sont : {known}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>{key!r} is a secret and was shipped as plain text, so it was refused and the field stays empty; ship it as an ENC:v1: value (`studio policy encrypt --key {key}`)</source>
        <translation>{key!r} est un secret livré en clair ; il a donc été refusé et le champ reste vide ; livrez-le sous forme de valeur ENC:v1: (`studio policy encrypt --key {key}`)</translation>
    </message>
    <message>
        <source>{key!r} is a secret and was shipped as a plain-text default, so it was refused and each user&apos;s own value applies; secrets ship only as ENC:v1: values, always locked (`studio policy encrypt --key {key}`)</source>
        <translation>{key!r} est un secret livré en clair comme valeur par défaut ; il a donc été refusé et la valeur propre de chaque utilisateur s’applique ; les secrets ne sont livrés que sous forme de valeurs ENC:v1:, toujours verrouillées (`studio policy encrypt --key {key}`)</translation>
    </message>
    <message>
        <source>the value does not fit the field, so the tool cannot run with it: {problem}</source>
        <translation>la valeur ne convient pas au champ ; l’outil ne peut donc pas fonctionner avec elle : {problem}</translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; it is kept and switched off when it is installed</source>
        <translation>{tool!r} n’est ni un outil ni une collection installés ; l’entrée est conservée et le désactive dès qu’il est installé</translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; its minimum confidence is kept and applies when it is installed</source>
        <translation>{tool!r} n’est ni un outil ni une collection installés ; sa confiance minimale est conservée et s’applique dès qu’il est installé</translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; it is kept and runs without asking in chats with outside content when it is installed</source>
        <translation>{tool!r} n’est ni un outil ni une collection installés ; l’entrée est conservée et le laissera s’exécuter sans demander dans les conversations au contenu extérieur une fois installé</translation>
    </message>
    <message>
        <source>{tool!r} is not an installed tool or collection; it is kept among the default tools of {component} and selected when it is installed</source>
        <translation>{tool!r} n’est ni un outil ni une collection installés ; il reste parmi les outils par défaut de {component} et sera sélectionné dès qu’il est installé</translation>
    </message>
</context>
<context>
    <name>PolicyExport</name>
    <message>
        <source>{key!r} is a secret and can only be exported encrypted, but no policy secret was delivered (STUDIO_POLICY_SECRET, the policy secret file or the registry); nothing was exported</source>
        <translation>{key!r} est un secret et ne peut être exporté que chiffré, mais aucun secret de stratégie n’a été fourni (STUDIO_POLICY_SECRET, le fichier du secret de stratégie ou le registre) ; rien n’a été exporté</translation>
    </message>
    <message>
        <source>There is no tool {tool!r} to export; the tools are: {known}.</source>
        <translation>Il n’existe pas d’outil {tool!r} à exporter ; les outils sont : {known}.</translation>
    </message>
    <message>
        <source>The export would not be a valid policy ({problem}); nothing was exported.</source>
        <translation>L’export ne serait pas une stratégie valide ({problem}) ; rien n’a été exporté.</translation>
    </message>
</context>
<context>
    <name>PolicyExportDialog</name>
    <message>
        <source>Export tool settings as policy</source>
        <translation>Exporter les paramètres des outils comme stratégie</translation>
    </message>
    <message>
        <source>Every tool setting that has a value is exported, and each minimum confidence as a fixed requirement. Settings without a value are left out.</source>
        <translation>Chaque paramètre d’outil ayant une valeur est exporté, et chaque confiance minimale comme exigence fixe. Les paramètres sans valeur sont omis.</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Mode</translation>
    </message>
    <message>
        <source>Locked: users cannot change the values</source>
        <translation>Verrouillé : les utilisateurs ne peuvent pas modifier les valeurs</translation>
    </message>
    <message>
        <source>Defaults: used until a user saves their own</source>
        <translation>Par défaut : appliqué jusqu’à ce qu’un utilisateur enregistre les siennes</translation>
    </message>
    <message>
        <source>Include secrets (encrypted)</source>
        <translation>Inclure les secrets (chiffrés)</translation>
    </message>
    <message>
        <source>Secrets are encrypted with your organisation&apos;s policy secret and are always exported locked. Without this, each user enters their own.</source>
        <translation>Les secrets sont chiffrés avec le secret de stratégie de votre organisation et toujours exportés verrouillés. Sans cette option, chaque utilisateur saisit les siens.</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exporter…</translation>
    </message>
    <message>
        <source>Save the policy</source>
        <translation>Enregistrer la stratégie</translation>
    </message>
    <message>
        <source>Policy files (*.json)</source>
        <translation>Fichiers de stratégie (*.json)</translation>
    </message>
    <message>
        <source>The policy could not be written: {error}</source>
        <translation>La stratégie n’a pas pu être écrite : {error}</translation>
    </message>
</context>
<context>
    <name>PolicyLoader</name>
    <message>
        <source>the policy is not UTF-8 text (the bytes at offset {offset} are not)</source>
        <translation>la stratégie n’est pas du texte UTF-8 (les octets à la position {offset} ne le sont pas)</translation>
    </message>
    <message>
        <source>the policy nests more than {limit} levels deep</source>
        <translation>la stratégie est imbriquée sur plus de {limit} niveaux</translation>
    </message>
    <message>
        <source>the policy holds more than {limit} values, which no policy needs</source>
        <translation>la stratégie contient plus de {limit} valeurs, ce dont aucune stratégie n’a besoin</translation>
    </message>
    <message>
        <source>the policy could not be checked; see the log for details</source>
        <translation>la stratégie n’a pas pu être vérifiée ; voir le journal pour les détails</translation>
    </message>
    <message>
        <source>the policy is not JSON: {error}</source>
        <translation>la stratégie n’est pas du JSON : {error}</translation>
    </message>
    <message>
        <source>the key {key!r} appears more than once in the same object</source>
        <translation>la clé {key!r} apparaît plusieurs fois dans le même objet</translation>
    </message>
    <message>
        <source>{constant} is not a JSON number; write a number or a string</source>
        <translation>{constant} n’est pas un nombre JSON ; écrivez un nombre ou une chaîne</translation>
    </message>
    <message>
        <source>a policy must be a JSON object</source>
        <translation>une stratégie doit être un objet JSON</translation>
    </message>
    <message>
        <source>and {count} more problems</source>
        <translation>et {count} autres problèmes</translation>
    </message>
    <message>
        <source>the API key of provider {name!r} is not encrypted, so it was refused; ship it as an ENC:v1: value (`studio policy encrypt`) or leave it out so each user enters their own</source>
        <translation>la clé d’API du fournisseur {name!r} n’est pas chiffrée ; elle a donc été refusée ; livrez-la sous forme de valeur ENC:v1: (`studio policy encrypt`) ou omettez-la pour que chaque utilisateur saisisse la sienne</translation>
    </message>
    <message>
        <source>{key!r} holds an encrypted value, which is always locked, not a default</source>
        <translation>{key!r} contient une valeur chiffrée, qui est toujours verrouillée et jamais une valeur par défaut</translation>
    </message>
    <message>
        <source>another policy already has the id {policy_id!r} ({other}); ids must differ</source>
        <translation>une autre stratégie a déjà l’identifiant {policy_id!r} ({other}) ; les identifiants doivent être différents</translation>
    </message>
    <message>
        <source>the policy secret: {problem}</source>
        <translation>le secret de stratégie : {problem}</translation>
    </message>
    <message>
        <source>the value of {key!r} could not be decrypted ({error})</source>
        <translation>la valeur de {key!r} n’a pas pu être déchiffrée ({error})</translation>
    </message>
    <message>
        <source>the policy could not be read</source>
        <translation>la stratégie n’a pas pu être lue</translation>
    </message>
    <message>
        <source>{name!r} is listed as trusted, but no policy ships a provider of that name; only providers a policy ships can be trusted</source>
        <translation>{name!r} figure parmi les fournisseurs de confiance, mais aucune stratégie ne fournit de fournisseur de ce nom ; seuls les fournisseurs qu’une stratégie fournit peuvent être de confiance</translation>
    </message>
</context>
<context>
    <name>PolicyLocations</name>
    <message>
        <source>the policy is larger than {limit} bytes, which no policy needs</source>
        <translation>la stratégie dépasse {limit} octets, ce dont aucune stratégie n’a besoin</translation>
    </message>
    <message>
        <source>the policies found before this one already hold {limit} bytes, more than any organisation needs; this one was not read</source>
        <translation>les stratégies trouvées avant celle-ci contiennent déjà {limit} octets, plus qu’aucune organisation n’en a besoin ; celle-ci n’a pas été lue</translation>
    </message>
    <message>
        <source>the folder holds more than {limit} policy files; none of them was read</source>
        <translation>le dossier contient plus de {limit} fichiers de stratégie ; aucun n’a été lu</translation>
    </message>
    <message>
        <source>the policy cannot be read: {error}</source>
        <translation>la stratégie ne peut pas être lue : {error}</translation>
    </message>
    <message>
        <source>the policy is not a regular file (a folder, a pipe or a device)</source>
        <translation>la stratégie n’est pas un fichier ordinaire (un dossier, un tube ou un périphérique)</translation>
    </message>
    <message>
        <source>the managed preferences are not a property list: {error}</source>
        <translation>les préférences gérées ne sont pas une liste de propriétés : {error}</translation>
    </message>
    <message>
        <source>the registry value &apos;Policy&apos; must be a string holding a JSON document</source>
        <translation>la valeur de registre &apos;Policy&apos; doit être une chaîne contenant un document JSON</translation>
    </message>
    <message>
        <source>the policy secret file {path!r} is ignored: only the system&apos;s administrator may own and change it</source>
        <translation>le fichier du secret de stratégie {path!r} est ignoré : seul l’administrateur du système peut le posséder et le modifier</translation>
    </message>
</context>
<context>
    <name>PolicyProblem</name>
    <message>
        <source>{place}, at {where}: {message}</source>
        <translation>{place}, à {where} : {message}</translation>
    </message>
    <message>
        <source>{place}: {message}</source>
        <translation>{place} : {message}</translation>
    </message>
</context>
<context>
    <name>PolicySecret</name>
    <message>
        <source>the value of {key!r} is encrypted, but no policy secret was delivered to decrypt it (STUDIO_POLICY_SECRET, the policy secret file or the registry)</source>
        <translation>la valeur de {key!r} est chiffrée, mais aucun secret de stratégie n’a été fourni pour la déchiffrer (STUDIO_POLICY_SECRET, le fichier du secret de stratégie ou le registre)</translation>
    </message>
    <message>
        <source>the value of {key!r} could not be decrypted: it was encrypted with another policy secret, for another setting, or it was changed</source>
        <translation>la valeur de {key!r} n’a pas pu être déchiffrée : elle a été chiffrée avec un autre secret de stratégie, pour un autre paramètre, ou elle a été modifiée</translation>
    </message>
    <message>
        <source>the value of {key!r} is not a complete ENC:v1: value</source>
        <translation>la valeur de {key!r} n’est pas une valeur ENC:v1: complète</translation>
    </message>
    <message>
        <source>the policy secret is empty</source>
        <translation>le secret de stratégie est vide</translation>
    </message>
</context>
<context>
    <name>PromptInjectionGuard</name>
    <message>
        <source>Studio removed suspicious instructions from {source} before using it.</source>
        <translation>Studio a supprimé des instructions suspectes de {source} avant de l’utiliser.</translation>
    </message>
    <message>
        <source>Studio removed suspicious instructions from {n} sources before using them.</source>
        <translation>Studio a supprimé des instructions suspectes de {n} sources avant de les utiliser.</translation>
    </message>
    <message>
        <source>Studio could not check {source} for prompt injections. The content is used as it is.</source>
        <translation>Studio n’a pas pu vérifier {source} contre les injections de prompt. Le contenu est utilisé tel quel.</translation>
    </message>
    <message>
        <source>Studio could not check {n} sources for prompt injections. The content is used as it is.</source>
        <translation>Studio n’a pas pu vérifier {n} sources contre les injections de prompt. Les contenus sont utilisés tels quels.</translation>
    </message>
</context>
<context>
    <name>ProviderError</name>
    <message>
        <source>The provider {provider!r} answered with HTTP status {status}: {message}</source>
        <translation>Le fournisseur {provider!r} a répondu avec le statut HTTP {status} : {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} refused the API key (HTTP 401). Check the key in the provider&apos;s settings. The provider said: {message}</source>
        <translation>Le fournisseur {provider!r} a refusé la clé d’API (HTTP 401). Vérifiez la clé dans les paramètres du fournisseur. Réponse du fournisseur : {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} does not allow this request with this API key (HTTP 403). The provider said: {message}</source>
        <translation>Le fournisseur {provider!r} n’autorise pas cette requête avec cette clé d’API (HTTP 403). Réponse du fournisseur : {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} does not know the model {model!r}, or the base URL is wrong (HTTP 404). The provider said: {message}</source>
        <translation>Le fournisseur {provider!r} ne connaît pas le modèle {model!r}, ou l’URL de base est erronée (HTTP 404). Réponse du fournisseur : {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} is limiting the number of requests (HTTP 429). Wait a moment and try again. The provider said: {message}</source>
        <translation>Le fournisseur {provider!r} limite le nombre de requêtes (HTTP 429). Patientez un instant puis réessayez. Réponse du fournisseur : {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} asked to wait {seconds} seconds before the next request (HTTP {status}). Try again after that. The provider said: {message}</source>
        <translation>Le fournisseur {provider!r} demande d’attendre {seconds} secondes avant la prochaine requête (HTTP {status}). Réessayez ensuite. Réponse du fournisseur : {message}</translation>
    </message>
    <message>
        <source>The provider {provider!r} had a server error (HTTP {status}). Try again later. The provider said: {message}</source>
        <translation>Le fournisseur {provider!r} a rencontré une erreur serveur (HTTP {status}). Réessayez plus tard. Réponse du fournisseur : {message}</translation>
    </message>
    <message>
        <source>Studio could not connect to the provider {provider!r} at {host!r}. Check the base URL and that the server is running.</source>
        <translation>Studio n’a pas pu se connecter au fournisseur {provider!r} à l’adresse {host!r}. Vérifiez l’URL de base et que le serveur fonctionne.</translation>
    </message>
    <message>
        <source>The provider {provider!r} did not answer in time.</source>
        <translation>Le fournisseur {provider!r} n’a pas répondu à temps.</translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} broke off or could not be read.</source>
        <translation>La réponse du fournisseur {provider!r} s’est interrompue ou n’a pas pu être lue.</translation>
    </message>
    <message>
        <source>The provider {provider!r} stopped the answer: {reason}</source>
        <translation>Le fournisseur {provider!r} a interrompu la réponse : {reason}</translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} is in the character set {charset!r}, which is not a text encoding Studio can read.</source>
        <translation>La réponse du fournisseur {provider!r} est dans le jeu de caractères {charset!r}, qui n’est pas un encodage de texte que Studio sait lire.</translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} is in the character set {charset!r} without a byte order mark, so Studio cannot tell how to read it.</source>
        <translation>La réponse du fournisseur {provider!r} est dans le jeu de caractères {charset!r} sans indicateur d’ordre des octets ; Studio ne peut donc pas savoir comment la lire.</translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} is too large: more than {megabytes} MiB.</source>
        <translation>La réponse du fournisseur {provider!r} est trop grande : plus de {megabytes} Mio.</translation>
    </message>
    <message>
        <source>The answer of the provider {provider!r} has an event that is too large: more than {megabytes} MiB.</source>
        <translation>La réponse du fournisseur {provider!r} contient un événement trop grand : plus de {megabytes} Mio.</translation>
    </message>
    <message>
        <source>The provider {provider!r} sent no new content for {seconds} seconds, so Studio stopped the answer. What arrived before is kept.</source>
        <translation>Le fournisseur {provider!r} n’a envoyé aucun nouveau contenu pendant {seconds} secondes ; Studio a donc arrêté la réponse. Ce qui est arrivé avant est conservé.</translation>
    </message>
    <message>
        <source>The provider {provider!r} returned an invalid tool calling response. Check the provider&apos;s tool calling configuration and see the logs for details.</source>
        <translation>Le fournisseur {provider!r} a renvoyé une réponse d’appel d’outil invalide. Vérifiez la configuration des appels d’outils du fournisseur ; le journal contient les détails.</translation>
    </message>
</context>
<context>
    <name>ProviderLabels</name>
    <message>
        <source>None</source>
        <translation>Aucune</translation>
    </message>
    <message>
        <source>Untrusted</source>
        <translation>Non fiable</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Inconnue</translation>
    </message>
    <message>
        <source>Very low</source>
        <translation>Très faible</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>Faible</translation>
    </message>
    <message>
        <source>Moderate</source>
        <translation>Modérée</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Moyenne</translation>
    </message>
    <message>
        <source>High</source>
        <translation>Élevée</translation>
    </message>
</context>
<context>
    <name>ProviderPicker</name>
    <message>
        <source>Provider</source>
        <translation>Fournisseur</translation>
    </message>
    <message>
        <source>Add provider…</source>
        <translation>Ajouter un fournisseur…</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>Fournisseur :</translation>
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
        <translation>Aucun fournisseur configuré</translation>
    </message>
    <message>
        <source>Confidence: {level}</source>
        <translation>Niveau de confiance : {level}</translation>
    </message>
    <message>
        <source>How far you trust this provider with your data. Tools that need more confidence are not offered to it.</source>
        <translation>Le degré de confiance que vous accordez à ce fournisseur pour vos données. Les outils qui exigent plus de confiance ne lui sont pas proposés.</translation>
    </message>
</context>
<context>
    <name>ProviderSettings</name>
    <message>
        <source>A provider name must not be blank.</source>
        <translation>Le nom d’un fournisseur ne doit pas être vide.</translation>
    </message>
    <message>
        <source>The provider name {name!r} is not valid: use 1 to {length} letters, digits, spaces, &apos;-&apos;, &apos;_&apos; or &apos;.&apos;.</source>
        <translation>Le nom de fournisseur {name!r} n’est pas valide : utilisez de 1 à {length} lettres, chiffres, espaces, &apos;-&apos;, &apos;_&apos; ou &apos;.&apos;.</translation>
    </message>
    <message>
        <source>The model must not be blank.</source>
        <translation>Le modèle ne doit pas être vide.</translation>
    </message>
    <message>
        <source>The model {model!r} is not valid: use at most {length} printable characters.</source>
        <translation>Le modèle {model!r} n’est pas valide : utilisez au plus {length} caractères imprimables.</translation>
    </message>
    <message>
        <source>The base URL {url!r} is not valid: give an absolute http:// or https:// address, such as https://api.example.com/v1.</source>
        <translation>L’URL de base {url!r} n’est pas valide : indiquez une adresse absolue http:// ou https://, par exemple https://api.example.com/v1.</translation>
    </message>
    <message>
        <source>A base URL takes no user name, password, query or fragment; Studio keeps the API key in the OS keyring.</source>
        <translation>Une URL de base ne contient ni nom d’utilisateur, ni mot de passe, ni requête, ni fragment ; Studio conserve la clé d’API dans le trousseau du système.</translation>
    </message>
    <message>
        <source>The additional API parameters must be plain JSON values.</source>
        <translation>Les paramètres d’API supplémentaires doivent être de simples valeurs JSON.</translation>
    </message>
    <message>
        <source>The provider type {type!r} has no default address, so it needs a base URL.</source>
        <translation>Le type de fournisseur {type!r} n’a pas d’adresse par défaut ; il lui faut donc une URL de base.</translation>
    </message>
    <message>
        <source>The provider setting {field!r} is not valid: {problem}.</source>
        <translation>Le paramètre de fournisseur {field!r} n’est pas valide : {problem}.</translation>
    </message>
</context>
<context>
    <name>ProviderSetupDialog</name>
    <message>
        <source>Set up a provider</source>
        <translation>Configurer un fournisseur</translation>
    </message>
    <message>
        <source>Welcome to Studio. To chat, tell Studio which AI model to talk to: a cloud provider with an API key, or a model running on your own machine, such as Ollama or LM Studio.</source>
        <translation>Bienvenue dans Studio. Pour discuter, indiquez à Studio à quel modèle d’IA s’adresser : un fournisseur en ligne avec une clé d’API, ou un modèle qui tourne sur votre propre machine, comme Ollama ou LM Studio.</translation>
    </message>
    <message>
        <source>Add a provider Studio can send your chats to.</source>
        <translation>Ajoutez un fournisseur auquel Studio peut envoyer vos discussions.</translation>
    </message>
    <message>
        <source>The model id as the host names it</source>
        <translation>L’identifiant du modèle tel que l’hébergeur le nomme</translation>
    </message>
    <message>
        <source>Choose how far you trust it…</source>
        <translation>Choisissez votre niveau de confiance…</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>Type :</translation>
    </message>
    <message>
        <source>Change a provider</source>
        <translation>Modifier un fournisseur</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nom :</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>URL de base :</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modèle :</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Clé d’API :</translation>
    </message>
    <message>
        <source>Confidence:</source>
        <translation>Niveau de confiance :</translation>
    </message>
    <message>
        <source>Progress timeout:</source>
        <translation>Délai sans progression :</translation>
    </message>
    <message>
        <source> seconds</source>
        <translation> secondes</translation>
    </message>
    <message>
        <source>Studio stops an answer that brings no new text or tool call for this long; the text that arrived is kept.</source>
        <translation>Studio arrête une réponse qui n’apporte ni nouveau texte ni appel d’outil pendant ce délai ; le texte déjà reçu est conservé.</translation>
    </message>
    <message>
        <source>Add provider</source>
        <translation>Ajouter le fournisseur</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Runs on a machine you control, or you trust it with anything.</source>
        <translation>Il tourne sur une machine que vous contrôlez, ou vous lui confiez tout.</translation>
    </message>
    <message>
        <source>A contract binds how it handles your data, in a region you accept.</source>
        <translation>Un contrat encadre le traitement de vos données, dans une région que vous acceptez.</translation>
    </message>
    <message>
        <source>A reputable service that promises not to keep or train on your data.</source>
        <translation>Un service réputé qui s’engage à ne pas conserver vos données ni s’en servir pour l’entraînement.</translation>
    </message>
    <message>
        <source>It may keep your data for a while; nothing sensitive.</source>
        <translation>Il peut conserver vos données un certain temps ; rien de sensible.</translation>
    </message>
    <message>
        <source>It may keep your data and train on it; only public information.</source>
        <translation>Il peut conserver vos données et s’en servir pour l’entraînement ; uniquement des informations publiques.</translation>
    </message>
    <message>
        <source>You do not know how it handles your data.</source>
        <translation>Vous ne savez pas comment il traite vos données.</translation>
    </message>
    <message>
        <source>Send it nothing you would mind seeing published; no tool uses it.</source>
        <translation>Ne lui envoyez rien que vous ne voudriez pas voir publié ; aucun outil ne l’utilise.</translation>
    </message>
    <message>
        <source>The key is kept only in the keyring {backend!r}, which you chose.</source>
        <translation>La clé est conservée uniquement dans le trousseau {backend!r}, que vous avez choisi.</translation>
    </message>
    <message>
        <source>Required: where the server listens</source>
        <translation>Obligatoire : l’adresse où le serveur écoute</translation>
    </message>
    <message>
        <source>Leave empty for the provider&apos;s own address</source>
        <translation>Laisser vide pour l’adresse propre au fournisseur</translation>
    </message>
    <message>
        <source>Cannot be stored on this computer</source>
        <translation>Impossible à enregistrer sur cet ordinateur</translation>
    </message>
    <message>
        <source>{problem}

A provider that needs no key, such as Ollama or LM Studio on this computer, still works.</source>
        <translation>{problem}

Un fournisseur sans clé, comme Ollama ou LM Studio sur cet ordinateur, fonctionne quand même.</translation>
    </message>
    <message>
        <source>Leave empty to keep the key as it is</source>
        <translation>Laisser vide pour conserver la clé telle quelle</translation>
    </message>
    <message>
        <source>Leave empty to keep the stored key</source>
        <translation>Laisser vide pour conserver la clé enregistrée</translation>
    </message>
    <message>
        <source>No key is stored; type one to store it</source>
        <translation>Aucune clé enregistrée ; saisissez-en une pour l’enregistrer</translation>
    </message>
    <message>
        <source>No key is stored; most local servers need none</source>
        <translation>Aucune clé enregistrée ; la plupart des serveurs locaux n’en demandent pas</translation>
    </message>
    <message>
        <source>Required; stored in your system keyring</source>
        <translation>Obligatoire ; enregistrée dans le trousseau du système</translation>
    </message>
    <message>
        <source>The key is kept only in your system keyring.</source>
        <translation>La clé n’est conservée que dans le trousseau du système.</translation>
    </message>
    <message>
        <source>Change how Studio reaches {name}.</source>
        <translation>Modifiez la façon dont Studio accède à {name}.</translation>
    </message>
    <message>
        <source>Required; stored in the keyring you chose</source>
        <translation>Obligatoire ; enregistrée dans le trousseau que vous avez choisi</translation>
    </message>
    <message>
        <source>Optional; most local servers need none</source>
        <translation>Facultative ; la plupart des serveurs locaux n’en demandent pas</translation>
    </message>
    <message>
        <source>Leave empty if the server needs no key.</source>
        <translation>Laisser vide si le serveur ne demande pas de clé.</translation>
    </message>
    <message>
        <source>Tools that handle sensitive data are offered only to trusted providers.</source>
        <translation>Les outils qui traitent des données sensibles ne sont proposés qu’aux fournisseurs de confiance.</translation>
    </message>
    <message>
        <source>Studio could not store the API key: {problem}

You can still add a provider that needs no key, such as Ollama or LM Studio on this computer.</source>
        <translation>Studio n’a pas pu enregistrer la clé d’API : {problem}

Vous pouvez tout de même ajouter un fournisseur qui ne demande pas de clé, comme Ollama ou LM Studio sur cet ordinateur.</translation>
    </message>
    <message>
        <source>Studio could not save the provider: {problem}</source>
        <translation>Studio n’a pas pu enregistrer le fournisseur : {problem}</translation>
    </message>
</context>
<context>
    <name>ProviderStore</name>
    <message>
        <source>There is no provider {name!r}; the providers: {known}.</source>
        <translation>Il n’existe aucun fournisseur {name!r} ; les fournisseurs : {known}.</translation>
    </message>
    <message>
        <source>There is no provider {name!r}; the providers: none are set up.</source>
        <translation>Il n’existe aucun fournisseur {name!r} ; aucun n’est configuré.</translation>
    </message>
    <message>
        <source>There is already a provider {name!r}.</source>
        <translation>Il existe déjà un fournisseur {name!r}.</translation>
    </message>
    <message>
        <source>The provider type {type!r} needs an API key.</source>
        <translation>Le type de fournisseur {type!r} nécessite une clé d’API.</translation>
    </message>
    <message>
        <source>No API key could be read for the provider {name!r}, whose type {type!r} needs one. {reason}</source>
        <translation>Aucune clé d’API n’a pu être lue pour le fournisseur {name!r}, dont le type {type!r} en exige une. {reason}</translation>
    </message>
    <message>
        <source>No API key could be read for the provider {name!r}: none is stored, and its type {type!r} needs one. Enter the key in the provider&apos;s settings, or remove the provider and add it again with its key.</source>
        <translation>Aucune clé d’API n’a pu être lue pour le fournisseur {name!r} : aucune n’est enregistrée, et son type {type!r} en exige une. Saisissez la clé dans les paramètres du fournisseur, ou supprimez le fournisseur et ajoutez-le de nouveau avec sa clé.</translation>
    </message>
    <message>
        <source>No API key could be read for the provider {name!r}: your organisation&apos;s policy {origin} leaves each user to enter their own key, and none is stored. Enter your key in the provider&apos;s settings.</source>
        <translation>Aucune clé d’API n’a pu être lue pour le fournisseur {name!r} : la stratégie {origin} de votre organisation laisse chaque utilisateur saisir sa propre clé, et aucune n’est enregistrée. Saisissez votre clé dans les paramètres du fournisseur.</translation>
    </message>
    <message>
        <source>Your providers file could not be read as a list of providers, so Studio started with no providers. The original file is kept as {kept!r}.</source>
        <translation>Votre fichier de fournisseurs n&apos;a pas pu être lu comme une liste de fournisseurs ; Studio a donc démarré sans fournisseur. Le fichier d&apos;origine est conservé sous {kept!r}.</translation>
    </message>
    <message>
        <source>Your providers file could not be read as a list of providers ({reason}), so Studio started with no providers. The original file is kept as {kept!r}.</source>
        <translation>Votre fichier de fournisseurs n&apos;a pas pu être lu comme une liste de fournisseurs ({reason}) ; Studio a donc démarré sans fournisseur. Le fichier d&apos;origine est conservé sous {kept!r}.</translation>
    </message>
    <message>
        <source>Managed by your organisation: {origin}</source>
        <translation>Géré par votre organisation : {origin}</translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation>Géré par votre organisation</translation>
    </message>
    <message>
        <source>The provider {name!r} is managed by your organisation&apos;s policy {origin}, so it cannot be changed or removed here. Ask your administrator to change it.</source>
        <translation>Le fournisseur {name!r} est géré par la stratégie {origin} de votre organisation ; il ne peut donc être ni modifié ni supprimé ici. Demandez à votre administrateur de le modifier.</translation>
    </message>
    <message>
        <source>The provider {name!r} is managed by your organisation&apos;s policy {origin}: only your own API key for it can be changed. Ask your administrator to change anything else.</source>
        <translation>Le fournisseur {name!r} est géré par la stratégie {origin} de votre organisation : seule votre propre clé d’API pour celui-ci peut être modifiée. Demandez à votre administrateur pour tout le reste.</translation>
    </message>
    <message>
        <source>The API key of the provider {name!r} comes from your organisation&apos;s policy {origin}, so it cannot be changed here.</source>
        <translation>La clé d’API du fournisseur {name!r} provient de la stratégie {origin} de votre organisation ; elle ne peut donc pas être modifiée ici.</translation>
    </message>
    <message>
        <source>The API key your organisation&apos;s policy {origin} ships for the provider {name!r} could not be used: it is not encrypted, or it does not decrypt with the policy secret on this computer. Ask your administrator to ship the key again.</source>
        <translation>La clé d’API que la stratégie {origin} de votre organisation fournit pour le fournisseur {name!r} n’a pas pu être utilisée : elle n’est pas chiffrée, ou elle ne se déchiffre pas avec le secret de stratégie de cet ordinateur. Demandez à votre administrateur de la fournir à nouveau.</translation>
    </message>
    <message>
        <source>Your providers file changed while Studio was running but could not be read as a list of providers, so Studio kept the providers it had and saved them again. The changed file is kept as {kept!r}.</source>
        <translation>Votre fichier de fournisseurs a été modifié pendant que Studio fonctionnait, mais il n’a pas pu être lu comme une liste de fournisseurs ; Studio a donc gardé les fournisseurs qu’il avait et les a enregistrés de nouveau. Le fichier modifié est conservé sous {kept!r}.</translation>
    </message>
</context>
<context>
    <name>ProviderType</name>
    <message>
        <source>OpenAI (Responses API)</source>
        <translation>OpenAI (API Responses)</translation>
    </message>
    <message>
        <source>OpenAI (Chat Completions API)</source>
        <translation>OpenAI (API Chat Completions)</translation>
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
        <translation>Autre hébergeur compatible OpenAI</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Remove provider</source>
        <translation>Supprimer le fournisseur</translation>
    </message>
    <message>
        <source>Remove the provider {name}? Its API key is deleted from the keyring. Chats that used it stay.</source>
        <translation>Supprimer le fournisseur {name} ? Sa clé d’API est effacée du trousseau. Les discussions qui l’ont utilisé sont conservées.</translation>
    </message>
    <message>
        <source>Remove the provider {name}? Chats that used it stay.</source>
        <translation>Supprimer le fournisseur {name} ? Les discussions qui l’ont utilisé sont conservées.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>The model providers Studio can ask. API keys are kept in your system&apos;s keyring, never in a file; the confidence you give a provider decides which tools it may use.</source>
        <translation>Les fournisseurs de modèles que Studio peut interroger. Les clés d’API sont conservées dans le trousseau du système, jamais dans un fichier ; le niveau de confiance que vous accordez à un fournisseur détermine les outils qu’il peut utiliser.</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Niveau de confiance</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clé d’API</translation>
    </message>
    <message>
        <source>No provider is set up yet. Add one to start chatting.</source>
        <translation>Aucun fournisseur n’est encore configuré. Ajoutez-en un pour commencer à discuter.</translation>
    </message>
    <message>
        <source>&amp;Add…</source>
        <translation>&amp;Ajouter…</translation>
    </message>
    <message>
        <source>&amp;Change…</source>
        <translation>&amp;Modifier…</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Supprimer</translation>
    </message>
    <message>
        <source>Managed by your organisation; you can enter your own API key.</source>
        <translation>Géré par votre organisation ; vous pouvez saisir votre propre clé d’API.</translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation>Géré par votre organisation</translation>
    </message>
    <message>
        <source>In the keyring</source>
        <translation>Dans le trousseau</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Aucune</translation>
    </message>
    <message>
        <source>Unreadable</source>
        <translation>Illisible</translation>
    </message>
    <message>
        <source>The provider could not be removed: {problem}</source>
        <translation>Le fournisseur n’a pas pu être supprimé : {problem}</translation>
    </message>
    <message>
        <source>From your organisation</source>
        <translation>De votre organisation</translation>
    </message>
    <message>
        <source>Not usable</source>
        <translation>Inutilisable</translation>
    </message>
</context>
<context>
    <name>ReadWebPageTool</name>
    <message>
        <source>This chat now allows its data to go only to configured services, so no web page can be read. Continue without reading the page.</source>
        <translation>Cette discussion n’autorise plus l’envoi de ses données qu’aux services configurés ; aucune page web ne peut donc être lue. Continuez sans lire la page.</translation>
    </message>
    <message>
        <source>This chat now limits where its data may be sent: only addresses that the user, the system prompt or a tool result gave may be read, and this address is not one of them. Ask the user for the address instead.</source>
        <translation>Cette discussion limite désormais les destinations de ses données : seules les adresses fournies par l’utilisateur, le prompt système ou un résultat d’outil peuvent être lues, et celle-ci n’en fait pas partie. Demandez plutôt l’adresse à l’utilisateur.</translation>
    </message>
    <message>
        <source>Content from {origin} limits where this chat&apos;s data may be sent: only addresses that the user, the system prompt or a tool result gave may be read, and this address is not one of them. Ask the user for the address instead.</source>
        <translation>Le contenu provenant de {origin} limite les destinations des données de cette discussion : seules les adresses fournies par l’utilisateur, le prompt système ou un résultat d’outil peuvent être lues, et celle-ci n’en fait pas partie. Demandez plutôt l’adresse à l’utilisateur.</translation>
    </message>
    <message>
        <source>Only addresses that appear word for word in the conversation may be read, and this address does not. Ask the user for the address, or let the user switch on free address choice in the tool&apos;s settings.</source>
        <translation>Seules les adresses qui figurent mot pour mot dans la conversation peuvent être lues, et ce n’est pas le cas de celle-ci. Demandez l’adresse à l’utilisateur, ou laissez-le activer le libre choix des adresses dans les paramètres de l’outil.</translation>
    </message>
    <message>
        <source>Timeout (seconds)</source>
        <translation>Délai d’attente (secondes)</translation>
    </message>
    <message>
        <source>How long one page may take to load, redirects included.</source>
        <translation>Durée maximale du chargement d’une page, redirections comprises.</translation>
    </message>
    <message>
        <source>Maximum content characters</source>
        <translation>Nombre maximal de caractères de contenu</translation>
    </message>
    <message>
        <source>How much of a page&apos;s text the model receives; longer pages are cut at a paragraph.</source>
        <translation>Quantité de texte d’une page que reçoit le modèle ; les pages plus longues sont coupées à la fin d’un paragraphe.</translation>
    </message>
    <message>
        <source>Allowed private hosts</source>
        <translation>Hôtes privés autorisés</translation>
    </message>
    <message>
        <source>Free address choice</source>
        <translation>Libre choix des adresses</translation>
    </message>
    <message>
        <source>Hosts on your private network or VPN that the model may read, separated by commas, semicolons or lines: &apos;wiki.example.de&apos; allows that host, &apos;*.example.de&apos; its subdomains. Only a provider with High confidence may read them.</source>
        <translation>Les hôtes de votre réseau privé ou VPN que le modèle peut lire, séparés par des virgules, des points-virgules ou des retours à la ligne : &apos;wiki.example.de&apos; autorise cet hôte, &apos;*.example.de&apos; ses sous-domaines. Seul un fournisseur de niveau de confiance élevé peut les lire.</translation>
    </message>
    <message>
        <source>Off: the model reads only addresses that appear in the conversation. On: it may read any public address it chooses.</source>
        <translation>Désactivé : le modèle ne lit que les adresses qui figurent dans la conversation. Activé : il peut lire toute adresse publique de son choix.</translation>
    </message>
    <message>
        <source>Read web page</source>
        <translation>Lire une page web</translation>
    </message>
    <message>
        <source>Lets the model read a web page or text document and use its content, with links made absolute and suspicious instructions removed.</source>
        <translation>Permet au modèle de lire une page web ou un document texte et d’en utiliser le contenu ; les liens sont rendus absolus et les instructions suspectes supprimées.</translation>
    </message>
</context>
<context>
    <name>RemovedPassage</name>
    <message>
        <source>Removed passage: {what}</source>
        <translation>Passage retiré : {what}</translation>
    </message>
    <message>
        <source>Put back into my message</source>
        <translation>Remettre dans mon message</translation>
    </message>
    <message>
        <source>Adds this passage to your message as a quote; nothing is sent until you send it.</source>
        <translation>Ajoute ce passage à votre message sous forme de citation ; rien n’est envoyé avant que vous l’envoyiez.</translation>
    </message>
</context>
<context>
    <name>RemovedPassages</name>
    <message>
        <source>tried to overrule your instructions</source>
        <translation>tentait d’annuler vos instructions</translation>
    </message>
    <message>
        <source>pretended to be the system or the assistant</source>
        <translation>se faisait passer pour le système ou l’assistant</translation>
    </message>
    <message>
        <source>tried to send data away</source>
        <translation>tentait d’envoyer des données ailleurs</translation>
    </message>
    <message>
        <source>tried to lift the model&apos;s safety rules</source>
        <translation>tentait de lever les règles de sécurité du modèle</translation>
    </message>
    <message>
        <source>tried to make the model act for it</source>
        <translation>tentait de faire agir le modèle pour son compte</translation>
    </message>
    <message>
        <source>faked the end of the content</source>
        <translation>simulait la fin du contenu</translation>
    </message>
    <message>
        <source>hid instructions in the page&apos;s markup</source>
        <translation>cachait des instructions dans le balisage de la page</translation>
    </message>
    <message>
        <source>hid instructions in encoded text</source>
        <translation>cachait des instructions dans du texte encodé</translation>
    </message>
    <message>
        <source>tried to be remembered for later chats</source>
        <translation>tentait de se faire retenir pour de futures conversations</translation>
    </message>
    <message>
        <source>disguised an instruction</source>
        <translation>déguisait une instruction</translation>
    </message>
    <message>
        <source>looked like an instruction to the model</source>
        <translation>ressemblait à une instruction adressée au modèle</translation>
    </message>
    <message>
        <source>From {source}:</source>
        <translation>De {source} :</translation>
    </message>
    <message>
        <source>From {source}</source>
        <translation>De {source}</translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <source>No secure keyring is available, so Studio cannot store secrets. On Linux, install and start a Secret Service provider such as GNOME Keyring (package gnome-keyring) or KWallet, then restart Studio; Windows and macOS use their built-in credential stores. Studio never writes secrets to a plain file.</source>
        <translation>Aucun trousseau sécurisé n’est disponible ; Studio ne peut donc pas enregistrer de secrets. Sous Linux, installez et démarrez un fournisseur Secret Service tel que GNOME Keyring (paquet gnome-keyring) ou KWallet, puis redémarrez Studio ; Windows et macOS utilisent leur gestionnaire d’identifiants intégré. Studio n’écrit jamais de secrets dans un fichier en clair.</translation>
    </message>
    <message>
        <source>Warning: the keyring {backend!r} is not a secure store, so it may keep the key unencrypted, readable by anyone who can read your files. To keep keys safe, let Studio use your system&apos;s keyring: remove the choice of backend from PYTHON_KEYRING_BACKEND or keyring&apos;s configuration file.</source>
        <translation>Attention : le trousseau {backend!r} n’est pas un stockage sûr ; il peut garder la clé sans chiffrement, lisible par quiconque peut lire vos fichiers. Pour protéger vos clés, laissez Studio utiliser le trousseau de votre système : retirez le choix du backend de PYTHON_KEYRING_BACKEND ou du fichier de configuration de keyring.</translation>
    </message>
    <message>
        <source>The keyring could not read the secret {name!r} of {owner!r}: {error}</source>
        <translation>Le trousseau n’a pas pu lire le secret {name!r} de {owner!r} : {error}</translation>
    </message>
    <message>
        <source>The keyring could not write the secret {name!r} of {owner!r}: {error}</source>
        <translation>Le trousseau n’a pas pu écrire le secret {name!r} de {owner!r} : {error}</translation>
    </message>
    <message>
        <source>The keyring could not delete the secret {name!r} of {owner!r}: {error}</source>
        <translation>Le trousseau n’a pas pu supprimer le secret {name!r} de {owner!r} : {error}</translation>
    </message>
    <message>
        <source>The keyring could not read the secret {name!r} of {owner!r} ({kind}).</source>
        <translation>Le trousseau n’a pas pu lire le secret {name!r} de {owner!r} ({kind}).</translation>
    </message>
    <message>
        <source>The keyring could not write the secret {name!r} of {owner!r} ({kind}).</source>
        <translation>Le trousseau n’a pas pu écrire le secret {name!r} de {owner!r} ({kind}).</translation>
    </message>
    <message>
        <source>The keyring could not delete the secret {name!r} of {owner!r} ({kind}).</source>
        <translation>Le trousseau n’a pas pu supprimer le secret {name!r} de {owner!r} ({kind}).</translation>
    </message>
</context>
<context>
    <name>Services</name>
    <message>
        <source>Your organisation&apos;s policy could not be used, so every tool is switched off until it is fixed: {problem}. Your administrator can see every problem with `studio policy check`.</source>
        <translation>La stratégie de votre organisation n’a pas pu être utilisée ; tous les outils sont donc désactivés jusqu’à sa correction : {problem}. Votre administrateur peut voir chaque problème avec `studio policy check`.</translation>
    </message>
    <message>
        <source>Your organisation&apos;s policy: {problem}.</source>
        <translation>Stratégie de votre organisation : {problem}.</translation>
    </message>
    <message>
        <source>Your settings file and your providers file could not be read as settings, so Studio started with default settings and no providers. The original files are kept as {settings_kept!r} and {providers_kept!r}.</source>
        <translation>Votre fichier de paramètres et votre fichier de fournisseurs n&apos;ont pas pu être lus ; Studio a donc démarré avec les paramètres par défaut et sans fournisseur. Les fichiers d&apos;origine sont conservés sous {settings_kept!r} et {providers_kept!r}.</translation>
    </message>
</context>
<context>
    <name>SettingsStore</name>
    <message>
        <source>Your settings file could not be read as settings, so Studio started with default settings. The original file is kept as {kept!r}.</source>
        <translation>Votre fichier de paramètres n&apos;a pas pu être lu ; Studio a donc démarré avec les paramètres par défaut. Le fichier d&apos;origine est conservé sous {kept!r}.</translation>
    </message>
    <message>
        <source>Your settings file could not be read as settings ({reason}), so Studio started with default settings. The original file is kept as {kept!r}.</source>
        <translation>Votre fichier de paramètres n&apos;a pas pu être lu ({reason}) ; Studio a donc démarré avec les paramètres par défaut. Le fichier d&apos;origine est conservé sous {kept!r}.</translation>
    </message>
    <message>
        <source>Your settings file changed while Studio was running but could not be read as settings, so Studio kept the settings it had and saved them again. The changed file is kept as {kept!r}.</source>
        <translation>Votre fichier de paramètres a été modifié pendant que Studio fonctionnait, mais il n’a pas pu être lu comme des paramètres ; Studio a donc gardé les paramètres qu’il avait et les a enregistrés de nouveau. Le fichier modifié est conservé sous {kept!r}.</translation>
    </message>
    <message>
        <source>Studio reset what it could not use in your settings file to the defaults ({names}) and kept the rest of your settings. The original file is kept as {kept!r}.</source>
        <translation>Studio a remis aux valeurs par défaut ce qu’il ne pouvait pas utiliser dans votre fichier de paramètres ({names}) et a gardé le reste de vos paramètres. Le fichier d’origine est conservé sous {kept!r}.</translation>
    </message>
    <message>
        <source>Studio could not use some values in your settings file ({names}), so it uses the defaults for them for now and keeps the rest of your settings; the file itself is left as it is.</source>
        <translation>Studio n’a pas pu utiliser certaines valeurs de votre fichier de paramètres ({names}) ; il utilise pour l’instant leurs valeurs par défaut et garde le reste de vos paramètres. Le fichier lui-même reste tel quel.</translation>
    </message>
    <message>
        <source>the file does not hold a JSON object</source>
        <translation>le fichier ne contient pas d’objet JSON</translation>
    </message>
    <message>
        <source>the file is larger than {limit} MiB, which no Studio file is</source>
        <translation>le fichier dépasse {limit} Mio, ce qu’aucun fichier de Studio ne fait</translation>
    </message>
    <message>
        <source>unknown file version {version!r}</source>
        <translation>version de fichier inconnue {version!r}</translation>
    </message>
    <message>
        <source>the file was written by a newer Studio (version {version}, this one reads up to {supported})</source>
        <translation>le fichier a été écrit par une version plus récente de Studio (version {version}, celle-ci lit jusqu’à la version {supported})</translation>
    </message>
    <message>
        <source>{path!r} is a folder where Studio expects a file, so Studio cannot read or change it. Move or rename the folder, then try again.</source>
        <translation>{path!r} est un dossier là où Studio attend un fichier ; Studio ne peut donc ni le lire ni le modifier. Déplacez ou renommez le dossier, puis réessayez.</translation>
    </message>
    <message>
        <source>{path!r} is a folder where Studio expects a file, so Studio started without it and leaves the folder as it is. Move or rename the folder, then start Studio again.</source>
        <translation>{path!r} est un dossier là où Studio attend un fichier ; Studio a donc démarré sans lui et laisse le dossier tel quel. Déplacez ou renommez le dossier, puis redémarrez Studio.</translation>
    </message>
    <message>
        <source>Studio cannot read {path!r} ({error}). Make the file readable (check its permissions, for example), then try again.</source>
        <translation>Studio ne peut pas lire {path!r} ({error}). Rendez le fichier lisible (vérifiez par exemple ses autorisations), puis réessayez.</translation>
    </message>
    <message>
        <source>Studio cannot read {path!r} ({error}), so it started without it and leaves the file as it is. Make the file readable (check its permissions, for example), then start Studio again.</source>
        <translation>Studio ne peut pas lire {path!r} ({error}) ; il a donc démarré sans lui et laisse le fichier tel quel. Rendez le fichier lisible (vérifiez par exemple ses autorisations), puis redémarrez Studio.</translation>
    </message>
</context>
<context>
    <name>SettingsWindow</name>
    <message>
        <source>Settings — Studio</source>
        <translation>Paramètres — Studio</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Fournisseurs</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <source>Organisation</source>
        <translation>Organisation</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
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
        <translation>Afficher les sources de cette réponse</translation>
    </message>
</context>
<context>
    <name>SourcesList</name>
    <message>
        <source>Sources provided by the AI</source>
        <translation>Sources fournies par l’IA</translation>
    </message>
    <message>
        <source>Sources used by tools</source>
        <translation>Sources utilisées par les outils</translation>
    </message>
    <message>
        <source>Sources provided by the data providers</source>
        <translation>Sources fournies par les fournisseurs de données</translation>
    </message>
</context>
<context>
    <name>StatusChip</name>
    <message>
        <source>Executed</source>
        <translation>Exécuté</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échoué</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation>Bloqué</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Inconnu</translation>
    </message>
</context>
<context>
    <name>ToolApproval</name>
    <message>
        <source>This chat contains content from {source}, which may carry instructions from someone else, so this call needs the user&apos;s approval, and the user could not be asked. The user can allow the tool for such chats in its settings. Continue without this call.</source>
        <translation>Cette conversation contient du contenu de {source}, qui peut porter des instructions d’un tiers ; cet appel a donc besoin de l’accord de l’utilisateur, qui n’a pas pu être sollicité. L’utilisateur peut autoriser l’outil pour de telles conversations dans ses réglages. Continue sans cet appel.</translation>
    </message>
    <message>
        <source>The user did not approve this call. Continue without it, and do not make it again unless the user asks for it.</source>
        <translation>L’utilisateur n’a pas approuvé cet appel. Continue sans lui et ne le refais que si l’utilisateur le demande.</translation>
    </message>
</context>
<context>
    <name>ToolCallingLoop</name>
    <message>
        <source>The tool call was invalid.</source>
        <translation>L’appel d’outil était invalide.</translation>
    </message>
    <message>
        <source>The model did not return a final answer after completing the available tool calls.</source>
        <translation>Le modèle n’a pas donné de réponse finale après les appels d’outils disponibles.</translation>
    </message>
    <message>
        <source>The model completed the tool call but did not return a final answer.</source>
        <translation>Le modèle a terminé l’appel d’outil mais n’a pas donné de réponse finale.</translation>
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
        <translation>Général</translation>
    </message>
</context>
<context>
    <name>ToolExecutor</name>
    <message>
        <source>The model called a tool that was not offered for this request: it is not selected here, or it is switched off, not configured or not allowed for this provider.</source>
        <translation>Le modèle a appelé un outil qui n&apos;était pas proposé pour cette requête : il n&apos;est pas sélectionné ici, ou il est désactivé, non configuré ou non autorisé pour ce fournisseur.</translation>
    </message>
    <message>
        <source>The model called the function {function!r}, which no installed tool provides.</source>
        <translation>Le modèle a appelé la fonction {function!r}, qu&apos;aucun outil installé ne fournit.</translation>
    </message>
    <message>
        <source>This chat now limits where its data may be sent, and this tool would send data beyond the configured services.</source>
        <translation>Cette discussion limite désormais les destinations de ses données, et cet outil enverrait des données au-delà des services configurés.</translation>
    </message>
    <message>
        <source>Content from {origin} limits where this chat&apos;s data may be sent, and this tool would send data beyond the configured services.</source>
        <translation>Le contenu provenant de {origin} limite les destinations des données de cette discussion, et cet outil enverrait des données au-delà des services configurés.</translation>
    </message>
    <message>
        <source>The model sent arguments that are not a JSON object.</source>
        <translation>Le modèle a envoyé des arguments qui ne forment pas un objet JSON.</translation>
    </message>
    <message>
        <source>The tool refused an argument: {message}</source>
        <translation>L’outil a refusé un argument : {message}</translation>
    </message>
    <message>
        <source>The model&apos;s arguments do not fit the tool&apos;s parameters: {message}</source>
        <translation>Les arguments du modèle ne correspondent pas aux paramètres de l’outil : {message}</translation>
    </message>
    <message>
        <source>The tool declares its parameters with a schema that cannot be used, so it was not run: {message}</source>
        <translation>L’outil décrit ses paramètres avec un schéma inutilisable ; il n’a donc pas été exécuté : {message}</translation>
    </message>
    <message>
        <source>The tool failed: {message}</source>
        <translation>L’outil a échoué : {message}</translation>
    </message>
    <message>
        <source>Invalid tool call</source>
        <translation>Appel d’outil invalide</translation>
    </message>
    <message>
        <source>The model sent a tool call that could not be read.</source>
        <translation>Le modèle a envoyé un appel d’outil illisible.</translation>
    </message>
</context>
<context>
    <name>ToolForm</name>
    <message>
        <source>Fields marked * are required.</source>
        <translation>Les champs marqués d’un * sont obligatoires.</translation>
    </message>
    <message>
        <source>Please configure the required settings: {fields}</source>
        <translation>Veuillez renseigner les paramètres obligatoires : {fields}</translation>
    </message>
</context>
<context>
    <name>ToolOffer</name>
    <message>
        <source>Tool use is switched off.</source>
        <translation>L’utilisation des outils est désactivée.</translation>
    </message>
    <message>
        <source>The selected model cannot call tools.</source>
        <translation>Le modèle choisi ne peut pas appeler d’outils.</translation>
    </message>
    <message>
        <source>This tool is not available here.</source>
        <translation>Cet outil n’est pas disponible ici.</translation>
    </message>
    <message>
        <source>Your organisation has switched this tool off.</source>
        <translation>Votre organisation a désactivé cet outil.</translation>
    </message>
    <message>
        <source>You have switched this tool off in the settings.</source>
        <translation>Vous avez désactivé cet outil dans les paramètres.</translation>
    </message>
    <message>
        <source>Some required settings are missing ({fields}). Set them up to use this tool.</source>
        <translation>Des paramètres obligatoires manquent ({fields}). Renseignez-les pour utiliser cet outil.</translation>
    </message>
    <message>
        <source>The settings of this tool need attention: {message}</source>
        <translation>Les paramètres de cet outil demandent votre attention : {message}</translation>
    </message>
    <message>
        <source>This tool needs a provider with confidence {required} or higher; the selected provider has {provider}.</source>
        <translation>Cet outil exige un fournisseur de niveau de confiance « {required} » ou supérieur ; le fournisseur choisi a le niveau « {provider} ».</translation>
    </message>
    <message>
        <source>This chat holds content that must not leave the app through this tool.</source>
        <translation>Cette discussion contient des données qui ne doivent pas quitter l’application par cet outil.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>untrusted</source>
        <translation>non fiable</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <source>very low</source>
        <translation>très faible</translation>
    </message>
    <message>
        <source>low</source>
        <translation>faible</translation>
    </message>
    <message>
        <source>moderate</source>
        <translation>modéré</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>moyen</translation>
    </message>
    <message>
        <source>high</source>
        <translation>élevé</translation>
    </message>
</context>
<context>
    <name>ToolProgress</name>
    <message>
        <source>{done} of {wanted}</source>
        <translation>{done} sur {wanted}</translation>
    </message>
</context>
<context>
    <name>ToolRuntimeStatus</name>
    <message>
        <source>Using tool: {names}</source>
        <translation>Outil en cours d’utilisation : {names}</translation>
    </message>
    <message>
        <source>Using tools: {names}</source>
        <translation>Outils en cours d’utilisation : {names}</translation>
    </message>
</context>
<context>
    <name>ToolSelectionWidget</name>
    <message numerus="yes">
        <source>Tools (%n)</source>
        <translation>
            <numerusform>Outils (%n)</numerusform>
            <numerusform>Outils (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <source>Select tools</source>
        <translation>Choisir les outils</translation>
    </message>
    <message numerus="yes">
        <source>%n selected</source>
        <translation>
            <numerusform>%n sélectionné</numerusform>
            <numerusform>%n sélectionnés</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a model to use tools.</source>
        <translation>Choisissez un modèle pour utiliser des outils.</translation>
    </message>
    <message>
        <source>The selection cannot change while an answer is being written.</source>
        <translation>La sélection ne peut pas changer pendant la rédaction d’une réponse.</translation>
    </message>
    <message>
        <source>The tools could not be checked. See the log for details.</source>
        <translation>Les outils n’ont pas pu être vérifiés. Consultez le journal pour plus de détails.</translation>
    </message>
</context>
<context>
    <name>ToolSettings</name>
    <message>
        <source>The tool {tool!r} has no setting {name!r}; its settings are: {known}.</source>
        <translation>L’outil {tool!r} n’a pas de paramètre {name!r} ; ses paramètres sont : {known}.</translation>
    </message>
    <message>
        <source>Your organisation asks for at least {minimum} for {tool!r}; {level} is lower. Choose {minimum} or higher.</source>
        <translation>Votre organisation exige au moins {minimum} pour {tool!r} ; {level} est inférieur. Choisissez {minimum} ou plus.</translation>
    </message>
    <message>
        <source>Your settings file sets {names}, which your organisation manages, so Studio uses the organisation&apos;s values. Your own values stay in the file and return if the organisation stops managing them.</source>
        <translation>Votre fichier de paramètres définit {names}, que gère votre organisation ; Studio utilise donc les valeurs de l’organisation. Vos propres valeurs restent dans le fichier et reviennent si l’organisation cesse de les gérer.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds a value it cannot use; the value is not shown.</source>
        <translation>Le paramètre {name!r} contient une valeur qu’il ne peut pas utiliser ; la valeur n’est pas affichée.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds a value that is not one of the available options.</source>
        <translation>Le paramètre {name!r} contient une valeur qui ne fait pas partie des options disponibles.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds the value {value!r}, which is not one of the available options ({options}).</source>
        <translation>Le paramètre {name!r} contient la valeur {value!r}, qui ne fait pas partie des options disponibles ({options}).</translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}, which is not a whole number; enter one in plain digits.</source>
        <translation>Le paramètre {name!r} contient {value!r}, qui n’est pas un nombre entier ; saisissez-en un en chiffres seulement.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}; enter a whole number from {minimum} to {maximum}.</source>
        <translation>Le paramètre {name!r} contient {value!r} ; saisissez un nombre entier de {minimum} à {maximum}.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}; enter a whole number of at least {minimum}.</source>
        <translation>Le paramètre {name!r} contient {value!r} ; saisissez un nombre entier d’au moins {minimum}.</translation>
    </message>
    <message>
        <source>The setting {name!r} holds {value!r}; enter a whole number of at most {maximum}.</source>
        <translation>Le paramètre {name!r} contient {value!r} ; saisissez un nombre entier d’au plus {maximum}.</translation>
    </message>
    <message>
        <source>The setting {name!r} was refused: {problem}</source>
        <translation>Le paramètre {name!r} a été refusé : {problem}</translation>
    </message>
    <message>
        <source>From {minimum} to {maximum}.</source>
        <translation>De {minimum} à {maximum}.</translation>
    </message>
    <message>
        <source>At least {minimum}.</source>
        <translation>Au moins {minimum}.</translation>
    </message>
    <message>
        <source>At most {maximum}.</source>
        <translation>Au plus {maximum}.</translation>
    </message>
    <message>
        <source>The tool&apos;s settings could not be checked. See the logs for details.</source>
        <translation>Les paramètres de l’outil n’ont pas pu être vérifiés. Consultez le journal pour plus de détails.</translation>
    </message>
</context>
<context>
    <name>ToolSettingsDialog</name>
    <message>
        <source>Tool settings: {name}</source>
        <translation>Paramètres de l’outil : {name}</translation>
    </message>
    <message>
        <source>Loading the settings…</source>
        <translation>Chargement des paramètres…</translation>
    </message>
    <message>
        <source>Your organisation has switched this tool off, so it is not offered in chats. Its settings can still be changed.</source>
        <translation>Votre organisation a désactivé cet outil ; il n’est donc pas proposé dans les discussions. Ses paramètres restent modifiables.</translation>
    </message>
    <message>
        <source>This tool is not available in this app.</source>
        <translation>Cet outil n’est pas disponible dans cette application.</translation>
    </message>
    <message>
        <source>The settings could not be read: {error}</source>
        <translation>Les paramètres n’ont pas pu être lus : {error}</translation>
    </message>
    <message>
        <source>This tool has no settings.</source>
        <translation>Cet outil n’a aucun paramètre.</translation>
    </message>
    <message>
        <source>These tools of the collection have no settings: {names}</source>
        <translation>Ces outils de la collection n’ont aucun paramètre : {names}</translation>
    </message>
</context>
<context>
    <name>ToolSettingsOptions</name>
    <message>
        <source>Any language</source>
        <translation>Toutes les langues</translation>
    </message>
    <message>
        <source>Arabic</source>
        <translation>Arabe</translation>
    </message>
    <message>
        <source>Chinese (simplified)</source>
        <translation>Chinois (simplifié)</translation>
    </message>
    <message>
        <source>Chinese (traditional)</source>
        <translation>Chinois (traditionnel)</translation>
    </message>
    <message>
        <source>Czech</source>
        <translation>Tchèque</translation>
    </message>
    <message>
        <source>Danish</source>
        <translation>Danois</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>Néerlandais</translation>
    </message>
    <message>
        <source>English (United Kingdom)</source>
        <translation>Anglais (Royaume-Uni)</translation>
    </message>
    <message>
        <source>English (United States)</source>
        <translation>Anglais (États-Unis)</translation>
    </message>
    <message>
        <source>Finnish</source>
        <translation>Finnois</translation>
    </message>
    <message>
        <source>French</source>
        <translation>Français</translation>
    </message>
    <message>
        <source>German (Germany)</source>
        <translation>Allemand (Allemagne)</translation>
    </message>
    <message>
        <source>German (Austria)</source>
        <translation>Allemand (Autriche)</translation>
    </message>
    <message>
        <source>German (Switzerland)</source>
        <translation>Allemand (Suisse)</translation>
    </message>
    <message>
        <source>Greek</source>
        <translation>Grec</translation>
    </message>
    <message>
        <source>Hebrew</source>
        <translation>Hébreu</translation>
    </message>
    <message>
        <source>Hindi</source>
        <translation>Hindi</translation>
    </message>
    <message>
        <source>Hungarian</source>
        <translation>Hongrois</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>Italien</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>Japonais</translation>
    </message>
    <message>
        <source>Korean</source>
        <translation>Coréen</translation>
    </message>
    <message>
        <source>Norwegian</source>
        <translation>Norvégien</translation>
    </message>
    <message>
        <source>Polish</source>
        <translation>Polonais</translation>
    </message>
    <message>
        <source>Portuguese (Brazil)</source>
        <translation>Portugais (Brésil)</translation>
    </message>
    <message>
        <source>Portuguese (Portugal)</source>
        <translation>Portugais (Portugal)</translation>
    </message>
    <message>
        <source>Romanian</source>
        <translation>Roumain</translation>
    </message>
    <message>
        <source>Russian</source>
        <translation>Russe</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>Espagnol</translation>
    </message>
    <message>
        <source>Swedish</source>
        <translation>Suédois</translation>
    </message>
    <message>
        <source>Turkish</source>
        <translation>Turc</translation>
    </message>
    <message>
        <source>Ukrainian</source>
        <translation>Ukrainien</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <source>Moderate</source>
        <translation>Modéré</translation>
    </message>
    <message>
        <source>Strict</source>
        <translation>Strict</translation>
    </message>
    <message>
        <source>Only addresses from the chat</source>
        <translation>Uniquement les adresses de la discussion</translation>
    </message>
    <message>
        <source>Any public address</source>
        <translation>Toute adresse publique</translation>
    </message>
</context>
<context>
    <name>ToolsSettingsPage</name>
    <message>
        <source>Switch tools on or off, choose how far a provider must be trusted before a tool is offered to it, and pick the tools that new chats start with.</source>
        <translation>Activez ou désactivez les outils, choisissez le niveau de confiance qu’un fournisseur doit atteindre pour qu’un outil lui soit proposé, et sélectionnez les outils de départ des nouvelles discussions.</translation>
    </message>
    <message>
        <source>Available tools</source>
        <translation>Outils disponibles</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Outil</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>Activé</translation>
    </message>
    <message>
        <source>Minimum confidence</source>
        <translation>Confiance minimale</translation>
    </message>
    <message>
        <source>Default tools</source>
        <translation>Outils par défaut</translation>
    </message>
    <message>
        <source>The tools selected when a new chat or assistant starts in this place.</source>
        <translation>Les outils sélectionnés quand une nouvelle discussion ou un assistant démarre à cet endroit.</translation>
    </message>
    <message>
        <source>Place:</source>
        <translation>Endroit :</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Discussion</translation>
    </message>
    <message>
        <source>Not available in this app.</source>
        <translation>Non disponible dans cette application.</translation>
    </message>
    <message>
        <source>Offered on its own when a chat&apos;s context calls for it.</source>
        <translation>Proposé de lui-même quand le contexte d’une discussion le demande.</translation>
    </message>
    <message>
        <source>Required settings are missing: {fields}</source>
        <translation>Des paramètres obligatoires manquent : {fields}</translation>
    </message>
    <message>
        <source>The settings need attention: {message}</source>
        <translation>Les paramètres demandent votre attention : {message}</translation>
    </message>
    <message>
        <source>Your organisation has switched tool calling off.</source>
        <translation>Votre organisation a désactivé l’appel d’outils.</translation>
    </message>
</context>
<context>
    <name>TraceEntry</name>
    <message>
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
    <message>
        <source>No arguments</source>
        <translation>Aucun argument</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>The result is not kept after the app closes.</source>
        <translation>Le résultat n’est pas conservé après la fermeture de l’application.</translation>
    </message>
    <message numerus="yes">
        <source>%n passage(s) removed</source>
        <translation>
            <numerusform>%n passage retiré</numerusform>
            <numerusform>%n passages retirés</numerusform>
        </translation>
    </message>
    <message>
        <source>Removed by the prompt-injection guard</source>
        <translation>Retiré par la protection contre l’injection de prompt</translation>
    </message>
</context>
<context>
    <name>TraceLogView</name>
    <message>
        <source>Blocked and failed tool calls</source>
        <translation>Appels d’outils bloqués et échoués</translation>
    </message>
    <message>
        <source>Tool calls that were refused before they ran, or that failed while running, with the reason and the arguments the model sent. Sensitive values are masked.</source>
        <translation>Les appels d’outils refusés avant leur exécution ou échoués pendant celle-ci, avec la raison et les arguments envoyés par le modèle. Les valeurs sensibles sont masquées.</translation>
    </message>
    <message>
        <source>Search chats, tools, reasons and arguments</source>
        <translation>Rechercher dans les discussions, outils, raisons et arguments</translation>
    </message>
    <message>
        <source>Select a call to see its details.</source>
        <translation>Sélectionnez un appel pour en voir les détails.</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>Copier les détails</translation>
    </message>
    <message>
        <source>This chat</source>
        <translation>Cette discussion</translation>
    </message>
    <message>
        <source>All chats</source>
        <translation>Toutes les discussions</translation>
    </message>
    <message>
        <source>Blocked and failed</source>
        <translation>Bloqués et échoués</translation>
    </message>
    <message>
        <source>Blocked only</source>
        <translation>Bloqués uniquement</translation>
    </message>
    <message>
        <source>Failed only</source>
        <translation>Échoués uniquement</translation>
    </message>
    <message>
        <source>All tools</source>
        <translation>Tous les outils</translation>
    </message>
    <message>
        <source>Shown: {shown} of {total}</source>
        <translation>Affichés : {shown} sur {total}</translation>
    </message>
    <message>
        <source>No tool call was blocked or failed.</source>
        <translation>Aucun appel d’outil n’a été bloqué ni n’a échoué.</translation>
    </message>
    <message>
        <source>No tool call matches the filters.</source>
        <translation>Aucun appel d’outil ne correspond aux filtres.</translation>
    </message>
</context>
<context>
    <name>TracePanel</name>
    <message numerus="yes">
        <source>Tool Calls (%n)</source>
        <translation>
            <numerusform>Appels d’outils (%n)</numerusform>
            <numerusform>Appels d’outils (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TracePill</name>
    <message numerus="yes">
        <source>%n tool call(s)</source>
        <translation>
            <numerusform>%n appel d’outil</numerusform>
            <numerusform>%n appels d’outils</numerusform>
        </translation>
    </message>
    <message>
        <source>Show tool call for {name}</source>
        <translation>Afficher l’appel de l’outil {name}</translation>
    </message>
    <message numerus="yes">
        <source>Show %n tool calls</source>
        <translation>
            <numerusform>Afficher %n appel d’outil</numerusform>
            <numerusform>Afficher %n appels d’outils</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TraceTableModel</name>
    <message>
        <source>No arguments</source>
        <translation>Aucun argument</translation>
    </message>
    <message>
        <source>Executed</source>
        <translation>Exécuté</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échoué</translation>
    </message>
    <message>
        <source>Blocked</source>
        <translation>Bloqué</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Inconnu</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Discussion</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Outil</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Raison</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
</context>
<context>
    <name>TranslationAssistant</name>
    <message>
        <source>Translate a text</source>
        <translation>Traduire un texte</translation>
    </message>
    <message>
        <source>The model translates your text into the language you choose. No tools run for a translation, and nothing is kept as a chat.</source>
        <translation>Le modèle traduit votre texte dans la langue choisie. Aucun outil ne s’exécute pour une traduction, et rien n’est conservé comme discussion.</translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>Traduire</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Texte</translation>
    </message>
    <message>
        <source>Enter the text to translate.</source>
        <translation>Saisissez le texte à traduire.</translation>
    </message>
    <message>
        <source>Type or paste the text to translate</source>
        <translation>Saisissez ou collez le texte à traduire</translation>
    </message>
    <message>
        <source>Into</source>
        <translation>Vers</translation>
    </message>
    <message>
        <source>Choose or type the language to translate into.</source>
        <translation>Choisissez ou saisissez la langue cible.</translation>
    </message>
    <message>
        <source>Tone</source>
        <translation>Ton</translation>
    </message>
    <message>
        <source>Like the original</source>
        <translation>Comme l’original</translation>
    </message>
    <message>
        <source>Formal</source>
        <translation>Formel</translation>
    </message>
    <message>
        <source>Informal</source>
        <translation>Informel</translation>
    </message>
    <message>
        <source>Friendly</source>
        <translation>Amical</translation>
    </message>
    <message>
        <source>Businesslike</source>
        <translation>Professionnel</translation>
    </message>
</context>
<context>
    <name>UntrustedAllowanceSwitch</name>
    <message>
        <source>Chats that read web pages, mails or other outside content may contain instructions from strangers; normally Studio then asks before a tool sends data out or changes anything.</source>
        <translation>Les conversations qui ont lu des pages web, des e-mails ou d’autres contenus extérieurs peuvent contenir des instructions d’inconnus ; Studio demande alors normalement avant qu’un outil envoie des données à l’extérieur ou modifie quoi que ce soit.</translation>
    </message>
    <message>
        <source>Run without asking in chats with outside content</source>
        <translation>Exécuter sans demander dans les conversations au contenu extérieur</translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation>Géré par votre organisation</translation>
    </message>
    <message>
        <source>Chats that read web pages, mails or other outside content may contain instructions from strangers; normally Studio then asks before this tool sends data out or changes anything.</source>
        <translation>Les conversations qui ont lu des pages web, des e-mails ou d’autres contenus extérieurs peuvent contenir des instructions d’inconnus ; Studio demande alors normalement avant que cet outil envoie des données à l’extérieur ou modifie quoi que ce soit.</translation>
    </message>
</context>
<context>
    <name>UserCard</name>
    <message>
        <source>You</source>
        <translation>Vous</translation>
    </message>
</context>
<context>
    <name>WebRetrieval</name>
    <message>
        <source>The address is not a complete http or https URL with a valid host name.</source>
        <translation>L’adresse n’est pas une URL http ou https complète avec un nom d’hôte valide.</translation>
    </message>
    <message>
        <source>The web server sent a redirect without saying where to.</source>
        <translation>Le serveur web a envoyé une redirection sans destination.</translation>
    </message>
    <message>
        <source>The web page redirected more than {limit} times, so Studio stopped.</source>
        <translation>La page web a redirigé plus de {limit} fois ; Studio s’est donc arrêté.</translation>
    </message>
    <message>
        <source>The web page is larger than {megabytes} MB, so Studio did not read it.</source>
        <translation>La page web dépasse {megabytes} Mo ; Studio ne l’a donc pas lue.</translation>
    </message>
    <message>
        <source>The address leads to {media_type!r} content. Studio reads only web pages and text documents, not PDF files, images or other binary content.</source>
        <translation>L’adresse mène à un contenu de type {media_type!r}. Studio ne lit que les pages web et les documents texte, pas les fichiers PDF, les images ni les autres contenus binaires.</translation>
    </message>
    <message>
        <source>The web server compressed the page with {encoding!r}, which Studio cannot read.</source>
        <translation>Le serveur web a compressé la page avec {encoding!r}, que Studio ne sait pas lire.</translation>
    </message>
    <message>
        <source>Loading the web page timed out after {seconds} seconds.</source>
        <translation>Le chargement de la page web a expiré après {seconds} secondes.</translation>
    </message>
    <message>
        <source>The web server answered with HTTP status {status}.</source>
        <translation>Le serveur web a répondu avec le statut HTTP {status}.</translation>
    </message>
    <message>
        <source>Studio could not connect to {host!r}, or the connection broke off.</source>
        <translation>Studio n’a pas pu se connecter à {host!r}, ou la connexion s’est interrompue.</translation>
    </message>
    <message>
        <source>The host name {host!r} could not be found.</source>
        <translation>Le nom d’hôte {host!r} est introuvable.</translation>
    </message>
    <message>
        <source>Studio reads only http and https addresses.</source>
        <translation>Studio ne lit que les adresses http et https.</translation>
    </message>
    <message>
        <source>Studio does not read addresses on this computer (localhost) for a model.</source>
        <translation>Studio ne lit pas d’adresses de cet ordinateur (localhost) pour un modèle.</translation>
    </message>
    <message>
        <source>The address leads to this computer, a link-local, multicast or reserved network address. Studio never reads such addresses for a model.</source>
        <translation>L’adresse mène à cet ordinateur ou à une adresse réseau link-local, multicast ou réservée. Studio ne lit jamais de telles adresses pour un modèle.</translation>
    </message>
    <message>
        <source>The address leads to a private network. Add its host to the allowed private hosts in the tool&apos;s settings if the model may read it.</source>
        <translation>L’adresse mène à un réseau privé. Ajoutez son hôte aux hôtes privés autorisés dans les paramètres de l’outil si le modèle peut la lire.</translation>
    </message>
    <message>
        <source>Pages on a private network or a VPN can be read only while a provider with High confidence is selected.</source>
        <translation>Les pages d’un réseau privé ou d’un VPN ne peuvent être lues que lorsqu’un fournisseur de niveau de confiance élevé est sélectionné.</translation>
    </message>
    <message>
        <source>This tool is not allowed to read this address.</source>
        <translation>Cet outil n’est pas autorisé à lire cette adresse.</translation>
    </message>
    <message>
        <source>The page redirected to an address on this computer, which Studio follows only from an address on this computer. Type that address yourself if you want to read it.</source>
        <translation>La page a redirigé vers une adresse sur cet ordinateur, ce que Studio ne suit que depuis une adresse sur cet ordinateur. Saisissez cette adresse vous-même si vous voulez la lire.</translation>
    </message>
    <message>
        <source>The page redirected to an address on a private network, which Studio follows only from an address on a private network. Type that address yourself, or add its host to the allowed private hosts in the settings of the Read web page tool.</source>
        <translation>La page a redirigé vers une adresse d’un réseau privé, ce que Studio ne suit que depuis une adresse d’un réseau privé. Saisissez cette adresse vous-même, ou ajoutez son hôte aux hôtes privés autorisés dans les paramètres de l’outil « Lire une page web ».</translation>
    </message>
</context>
<context>
    <name>WebSearchTool</name>
    <message>
        <source>SearXNG address</source>
        <translation>Adresse SearXNG</translation>
    </message>
    <message>
        <source>Default language</source>
        <translation>Langue par défaut</translation>
    </message>
    <message>
        <source>Safe search</source>
        <translation>Recherche sécurisée</translation>
    </message>
    <message>
        <source>Results per search</source>
        <translation>Résultats par recherche</translation>
    </message>
    <message>
        <source>How many results a search returns when the model does not say.</source>
        <translation>Nombre de résultats renvoyés par une recherche quand le modèle n’en précise pas.</translation>
    </message>
    <message>
        <source>Search timeout (seconds)</source>
        <translation>Délai d’attente de la recherche (secondes)</translation>
    </message>
    <message>
        <source>How long the search engines may take to answer.</source>
        <translation>Délai accordé aux moteurs de recherche pour répondre.</translation>
    </message>
    <message>
        <source>Page timeout (seconds)</source>
        <translation>Délai d’attente par page (secondes)</translation>
    </message>
    <message>
        <source>How long one result page may take to load.</source>
        <translation>Durée maximale du chargement d’une page de résultat.</translation>
    </message>
    <message>
        <source>Timeout for all pages (seconds)</source>
        <translation>Délai d’attente pour toutes les pages (secondes)</translation>
    </message>
    <message>
        <source>How long loading all result pages may take; pages still loading then are left out.</source>
        <translation>Durée maximale du chargement de toutes les pages de résultats ; les pages encore en cours de chargement sont alors écartées.</translation>
    </message>
    <message>
        <source>Total content characters</source>
        <translation>Nombre total de caractères de contenu</translation>
    </message>
    <message>
        <source>How much page text one search returns, all pages together; at least 20 times the minimum per result.</source>
        <translation>Quantité de texte de page renvoyée par une recherche, toutes pages confondues ; au moins 20 fois le minimum par résultat.</translation>
    </message>
    <message>
        <source>Minimum content characters per result</source>
        <translation>Nombre minimal de caractères de contenu par résultat</translation>
    </message>
    <message>
        <source>The address of your SearXNG instance, such as http://localhost:8888. Its JSON format must be switched on.</source>
        <translation>L’adresse de votre instance SearXNG, par exemple http://localhost:8888. Son format JSON doit être activé.</translation>
    </message>
    <message>
        <source>The language of the results when the model names none. Without a language many search engines return nothing.</source>
        <translation>La langue des résultats quand le modèle n’en indique aucune. Sans langue, beaucoup de moteurs de recherche ne renvoient rien.</translation>
    </message>
    <message>
        <source>How strictly adult content is filtered out; empty leaves it to the search engines.</source>
        <translation>Le niveau de filtrage des contenus pour adultes ; vide, il est laissé aux moteurs de recherche.</translation>
    </message>
    <message>
        <source>SearXNG</source>
        <translation>SearXNG</translation>
    </message>
    <message>
        <source>Enabling the JSON format (search.formats)</source>
        <translation>Activer le format JSON (search.formats)</translation>
    </message>
    <message>
        <source>{done} of {wanted} pages loaded</source>
        <translation>{done} pages chargées sur {wanted}</translation>
    </message>
    <message>
        <source>Web search</source>
        <translation>Recherche web</translation>
    </message>
    <message>
        <source>Lets the model search the web through your search backends and read the best results, with suspicious instructions removed.</source>
        <translation>Permet au modèle de chercher sur le web via vos services de recherche et de lire les meilleurs résultats ; les instructions suspectes sont supprimées.</translation>
    </message>
    <message>
        <source>The SearXNG address must not hold a user name or password: the settings file is plain text, and Studio keeps secrets only in the system keyring. Enter the address without them, such as https://search.example.org.</source>
        <translation>L’adresse SearXNG ne doit contenir ni nom d’utilisateur ni mot de passe : le fichier de paramètres est en texte clair, et Studio ne conserve les secrets que dans le trousseau du système. Saisissez l’adresse sans eux, par exemple https://search.example.org.</translation>
    </message>
    <message>
        <source>How much text every result keeps while better-ranked pages take their share.</source>
        <translation>Quantité de texte que conserve chaque résultat pendant que les pages mieux classées prennent leur part.</translation>
    </message>
    <message>
        <source>No search backend is configured. Enter the address of a SearXNG instance in &apos;{field}&apos;.</source>
        <translation>Aucun service de recherche n’est configuré. Saisissez l’adresse d’une instance SearXNG dans &apos;{field}&apos;.</translation>
    </message>
    <message>
        <source>The content budget and the minimum content per result must be positive numbers.</source>
        <translation>Le budget de contenu et le contenu minimal par résultat doivent être des nombres positifs.</translation>
    </message>
    <message>
        <source>The total content budget ({total} characters) must be at least {times} times the minimum content per result ({minimum} characters), that is {needed} characters, so that every result gets its minimum.</source>
        <translation>Le budget de contenu total ({total} caractères) doit valoir au moins {times} fois le contenu minimal par résultat ({minimum} caractères), soit {needed} caractères, pour que chaque résultat reçoive son minimum.</translation>
    </message>
    <message>
        <source>The SearXNG address must be an absolute http or https address, such as &apos;http://localhost:8888&apos;.</source>
        <translation>L’adresse SearXNG doit être une adresse http ou https absolue, par exemple &apos;http://localhost:8888&apos;.</translation>
    </message>
    <message>
        <source>The SearXNG address must be an absolute http or https address, such as &apos;http://localhost:8888&apos;. It cannot be read.</source>
        <translation>L’adresse SearXNG doit être une adresse http ou https absolue, par exemple &apos;http://localhost:8888&apos;. Elle ne peut pas être lue.</translation>
    </message>
</context>
<context>
    <name>WebSummaryAssistant</name>
    <message>
        <source>Studio found no readable text on this page, so there is nothing to summarise. The page may build its content with JavaScript or need a login.</source>
        <translation>Studio n’a trouvé aucun texte lisible sur cette page : il n’y a rien à résumer. La page construit peut-être son contenu en JavaScript ou demande une connexion.</translation>
    </message>
    <message>
        <source>Summarise a web page</source>
        <translation>Résumer une page web</translation>
    </message>
    <message>
        <source>Studio reads the page at the address you enter and the model summarises it. Pages on your own network can be read too; their content then goes only to a provider with High confidence.</source>
        <translation>Studio lit la page à l’adresse saisie et le modèle la résume. Les pages de votre propre réseau peuvent aussi être lues ; leur contenu ne va alors qu’à un fournisseur de niveau de confiance élevé.</translation>
    </message>
    <message>
        <source>Summarise</source>
        <translation>Résumer</translation>
    </message>
    <message>
        <source>Reading the page…</source>
        <translation>Lecture de la page…</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Enter the address of the page.</source>
        <translation>Saisissez l’adresse de la page.</translation>
    </message>
    <message>
        <source>Focus</source>
        <translation>Axe principal</translation>
    </message>
    <message>
        <source>Optional: what the summary should concentrate on</source>
        <translation>Facultatif : ce sur quoi le résumé doit se concentrer</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>Longueur</translation>
    </message>
    <message>
        <source>Short: a few points</source>
        <translation>Court : quelques points</translation>
    </message>
    <message>
        <source>Medium: a paragraph or two</source>
        <translation>Moyen : un ou deux paragraphes</translation>
    </message>
    <message>
        <source>Detailed: with headings</source>
        <translation>Détaillé : avec des intertitres</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>Same as the page</source>
        <translation>Celle de la page</translation>
    </message>
</context>
<context>
    <name>_EntryRow</name>
    <message>
        <source>Enabled</source>
        <translation>Activé</translation>
    </message>
    <message>
        <source>Your organisation asks for at least {level}</source>
        <translation>Votre organisation exige au moins {level}</translation>
    </message>
    <message>
        <source>The lowest provider confidence this tool runs with</source>
        <translation>Le niveau de confiance minimal d’un fournisseur avec lequel cet outil fonctionne</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Paramètres…</translation>
    </message>
    <message>
        <source>Managed by your organisation</source>
        <translation>Géré par votre organisation</translation>
    </message>
</context>
<context>
    <name>_PolicyCard</name>
    <message>
        <source>A policy that could not be read</source>
        <translation>Une stratégie qui n’a pas pu être lue</translation>
    </message>
    <message>
        <source>Place:</source>
        <translation>Emplacement :</translation>
    </message>
    <message>
        <source>Priority:</source>
        <translation>Priorité :</translation>
    </message>
    <message>
        <source>In force</source>
        <translation>En vigueur</translation>
    </message>
    <message>
        <source>Not in force: none of it applies</source>
        <translation>Non appliquée : rien ne s’en applique</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>État :</translation>
    </message>
</context>
<context>
    <name>_ResultView</name>
    <message>
        <source>Show all</source>
        <translation>Tout afficher</translation>
    </message>
    <message numerus="yes">
        <source>Showing the first %n characters.</source>
        <translation>
            <numerusform>Seul %n caractère est affiché.</numerusform>
            <numerusform>Seuls les %n premiers caractères sont affichés.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>_ToolPopup</name>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <source>No tools are available here.</source>
        <translation>Aucun outil n’est disponible ici.</translation>
    </message>
</context>
<context>
    <name>_ToolRow</name>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Open the settings of this tool</source>
        <translation>Ouvrir les paramètres de cet outil</translation>
    </message>
</context>
</TS>
