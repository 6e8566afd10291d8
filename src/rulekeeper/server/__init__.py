"""The online service: a FastAPI app over a SQL database (SQLite file or PostgreSQL).

Games are stored as their records (a game is a pure function of its record) and every
state change happens inside one database transaction, so the app processes keep nothing
in memory that matters: several of them can serve one PostgreSQL database.
"""
