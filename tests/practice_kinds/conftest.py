"""The kind modules here are engine modules for tests to drop into the practice package, not tests."""

collect_ignore = ["korttimaara.py"]
