"""The app wing: what the site's pages run on top of the rules engine (Pelaa, its computer players, the JSON API)."""
