# Issue 14: no index the write path pays for and no query reads (a single-column index another
# index leads with; Django's `_like` twins, see config.postgresql.indexes).

import django.db.models.deletion
from django.db import migrations, models

from config.postgresql.indexes import drop_pattern_index


class Migration(migrations.Migration):

    dependencies = [
        ('holds', '0004_tenant_keys'),
        ('reservations', '0011_write_path_indexes'),
    ]

    operations = [
        migrations.AlterField(
            model_name='hold',
            name='restaurant',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='holds', to='reservations.restaurant'),
        ),
        drop_pattern_index('holds_hold', 'public_id', 'holds_hold_public_id_1f3536c9_like'),
    ]
