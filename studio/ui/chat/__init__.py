"""The chat: the chat list, the conversation, the message box and the run behind an answer."""
