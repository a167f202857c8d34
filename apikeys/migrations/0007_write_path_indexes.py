# Issue 14: no index the write path pays for and no query reads (a single-column index another
# index leads with; Django's `_like` twins, see config.postgresql.indexes).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('apikeys', '0006_backoffice_key_last_used'),
        ('reservations', '0011_write_path_indexes'),
    ]

    operations = [
        migrations.AlterField(
            model_name='idempotencyrecord',
            name='restaurant',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='reservations.restaurant'),
        ),
    ]
