"""The app wing: what the site's pages ask of the rules engine (practice questions, Pelaa, its computer players, the JSON API)."""
