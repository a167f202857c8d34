# Issue 14: no index the write path pays for and no query reads (a single-column index another
# index leads with; Django's `_like` twins, see config.postgresql.indexes).

import django.db.models.deletion
from django.db import migrations, models

from config.postgresql.indexes import drop_pattern_index


class Migration(migrations.Migration):

    dependencies = [
        ('guests', '0006_search_column'),
        ('reservations', '0011_write_path_indexes'),
    ]

    operations = [
        migrations.AlterField(
            model_name='guest',
            name='restaurant',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='guests', to='reservations.restaurant'),
        ),
        drop_pattern_index('guests_guest', 'public_id', 'guests_guest_public_id_3fe8474d_like'),
    ]
