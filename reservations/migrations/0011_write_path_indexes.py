# Issue 14: no index the write path pays for and no query reads (a single-column index another
# index leads with; Django's `_like` twins, see config.postgresql.indexes).

import django.db.models.deletion
from django.db import migrations, models

from config.postgresql.indexes import drop_pattern_index


class Migration(migrations.Migration):

    dependencies = [
        ('reservations', '0010_covers_index'),
    ]

    operations = [
        migrations.AlterField(
            model_name='reservation',
            name='restaurant',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='reservations', to='reservations.restaurant'),
        ),
        migrations.AlterField(
            model_name='reservationevent',
            name='reservation',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='events', to='reservations.reservation'),
        ),
        migrations.AlterField(
            model_name='statuschange',
            name='reservation',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='status_changes', to='reservations.reservation'),
        ),
        migrations.AlterField(
            model_name='tableallocation',
            name='restaurant',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='reservations.restaurant'),
        ),
        migrations.AlterField(
            model_name='tableallocation',
            name='table',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='allocations', to='reservations.table'),
        ),
        drop_pattern_index('reservations_reservation', 'public_id', 'reservations_reservation_public_id_aa847220_like'),
        drop_pattern_index('reservations_reservation', 'modification_token', 'reservations_reservation_modification_token_8707382b_like'),
        drop_pattern_index('reservations_reservationevent', 'public_id', 'reservations_reservationevent_public_id_76f2a401_like'),
    ]
