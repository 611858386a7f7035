"""The web pages: live standings, tables, score sheets, charts and statistics (Starlette)."""
