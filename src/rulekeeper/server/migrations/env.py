"""Alembic environment: migrations run on the connection ``rulekeeper.server.migrate`` gives."""

from alembic import context

from rulekeeper.server.models import Base


def run_migrations() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by Alembic (not merely imported, e.g. by doctest collection)
    run_migrations()
