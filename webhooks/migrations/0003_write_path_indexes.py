# Issue 14: no index the write path pays for and no query reads (a single-column index another
# index leads with; Django's `_like` twins, see config.postgresql.indexes).

import django.db.models.deletion
from django.db import migrations, models

from config.postgresql.indexes import drop_pattern_index


class Migration(migrations.Migration):

    dependencies = [
        ('reservations', '0011_write_path_indexes'),
        ('webhooks', '0002_delivery'),
    ]

    operations = [
        migrations.AlterField(
            model_name='event',
            name='restaurant',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='reservations.restaurant'),
        ),
        drop_pattern_index('webhooks_event', 'public_id', 'webhooks_event_public_id_b727ac7e_like'),
        drop_pattern_index('webhooks_event', 'subject', 'webhooks_event_subject_7d7081d0_like'),
    ]
