"""Build tools for Rommikirja: verify scenarios, render the Finnish pages, benchmark."""
