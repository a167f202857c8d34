"""The search text as a stored generated column: `query` compares a stored string instead of
computing lower(unaccent(...)) for every row it reads, and the trigram index covers the column."""

from django.db import migrations

FORWARD = """
ALTER TABLE guests_guest ADD COLUMN search_text text
    GENERATED ALWAYS AS (guests_search_text(first_name, last_name, email)) STORED;
DROP INDEX IF EXISTS guest_search_trgm_idx;
CREATE INDEX guest_search_trgm_idx ON guests_guest USING gin (restaurant_id, search_text gin_trgm_ops);
"""
BACKWARD = """
DROP INDEX IF EXISTS guest_search_trgm_idx;
ALTER TABLE guests_guest DROP COLUMN IF EXISTS search_text;
CREATE INDEX guest_search_trgm_idx ON guests_guest
    USING gin (restaurant_id, guests_search_text(first_name, last_name, email) gin_trgm_ops);
"""


class Migration(migrations.Migration):
    dependencies = [("guests", "0005_merges_search")]

    operations = [migrations.RunSQL(FORWARD, reverse_sql=BACKWARD)]
