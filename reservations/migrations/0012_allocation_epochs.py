# Issue 14: an allocation's bounds in epoch seconds, as stored generated columns the occupancy reads
# return. Adding them rewrites the allocations table (live and future bookings' rows only).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('reservations', '0011_write_path_indexes'),
    ]

    operations = [
        migrations.RunSQL(
            sql=(
                "CREATE FUNCTION reservations_epoch_seconds(timestamptz) RETURNS bigint "
                "LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE "
                "RETURN date_part('epoch', $1)::bigint"
            ),
            reverse_sql="DROP FUNCTION reservations_epoch_seconds(timestamptz)",
        ),
        migrations.AddField(
            model_name='tableallocation',
            name='end_epoch',
            field=models.GeneratedField(db_persist=True, expression=models.Func(models.Func(models.F('during'), function='upper'), function='reservations_epoch_seconds'), output_field=models.BigIntegerField()),
        ),
        migrations.AddField(
            model_name='tableallocation',
            name='start_epoch',
            field=models.GeneratedField(db_persist=True, expression=models.Func(models.Func(models.F('during'), function='lower'), function='reservations_epoch_seconds'), output_field=models.BigIntegerField()),
        ),
    ]
