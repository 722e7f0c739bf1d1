"""The app wing: what the browser pages ask of the engine (practice questions, Pelaa)."""
