# Issue 14: the occupancy log (reservations.models.occupancy_log), kept by triggers on the allocations,
# bookings and holds tables so that no write path can forget it.

import django.db.models.functions.datetime
from django.db import migrations, models

import reservations.models.occupancy_log

LOG = "reservations_occupancychange"

# Every interval an allocation write touches: the old one of an UPDATE or DELETE, the new one of an
# INSERT or UPDATE (once when they are the same). Row triggers: a booking writes one to three rows.
ALLOCATIONS = f"""
CREATE FUNCTION reservations_log_allocation_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO {LOG} (restaurant_id, table_id, start_epoch, end_epoch)
    VALUES (OLD.restaurant_id, OLD.table_id, OLD.start_epoch, OLD.end_epoch);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.table_id, NEW.start_epoch, NEW.end_epoch)
      IS DISTINCT FROM (OLD.table_id, OLD.start_epoch, OLD.end_epoch)) THEN
    INSERT INTO {LOG} (restaurant_id, table_id, start_epoch, end_epoch)
    VALUES (NEW.restaurant_id, NEW.table_id, NEW.start_epoch, NEW.end_epoch);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER allocation_occupancy_change AFTER INSERT OR UPDATE OR DELETE ON reservations_tableallocation
FOR EACH ROW EXECUTE FUNCTION reservations_log_allocation_change();
"""

# Every seating whose covers a booking's or hold's write can change: the old one of an UPDATE or
# DELETE, the new one of an INSERT or UPDATE (once when the same), when counted by a service at
# all. Updates only when a column the covers read changed (WHEN): a booking's other edits log nothing.
COVERS = f"""
CREATE FUNCTION reservations_log_covers_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.shift_id IS NOT NULL THEN
    INSERT INTO {LOG} (restaurant_id, shift_id, service_date, starts_at, start_epoch, end_epoch)
    VALUES (OLD.restaurant_id, OLD.shift_id, OLD.service_date, OLD.starts_at, reservations_epoch_seconds(OLD.starts_at),
            reservations_epoch_seconds(OLD.starts_at) + 1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.shift_id IS NOT NULL AND (TG_OP = 'INSERT' OR (NEW.shift_id, NEW.service_date, NEW.starts_at)
        IS DISTINCT FROM (OLD.shift_id, OLD.service_date, OLD.starts_at)) THEN
      INSERT INTO {LOG} (restaurant_id, shift_id, service_date, starts_at, start_epoch, end_epoch)
      VALUES (NEW.restaurant_id, NEW.shift_id, NEW.service_date, NEW.starts_at, reservations_epoch_seconds(NEW.starts_at),
              reservations_epoch_seconds(NEW.starts_at) + 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;
"""
COVERS_COLUMNS = {
    "reservations_reservation": ["status", "party_size", "service_date", "starts_at", "shift_id", "excluded_from_shift_limits"],
    "holds_hold": ["status", "party_size", "service_date", "starts_at", "shift_id", "excluded_from_shift_limits", "kind", "expires_at"],
}
for _table, _columns in COVERS_COLUMNS.items():
    _old = ", ".join(f"OLD.{c}" for c in _columns)
    _new = ", ".join(f"NEW.{c}" for c in _columns)
    COVERS += f"""
CREATE TRIGGER {_table}_covers_written AFTER INSERT OR DELETE ON {_table}
FOR EACH ROW EXECUTE FUNCTION reservations_log_covers_change();
CREATE TRIGGER {_table}_covers_changed AFTER UPDATE OF {", ".join(_columns)} ON {_table}
FOR EACH ROW WHEN (({_old}) IS DISTINCT FROM ({_new})) EXECUTE FUNCTION reservations_log_covers_change();
"""
DROP = """
DROP TRIGGER allocation_occupancy_change ON reservations_tableallocation;
DROP FUNCTION reservations_log_allocation_change();
""" + "".join(
    f"DROP TRIGGER {t}_covers_written ON {t}; DROP TRIGGER {t}_covers_changed ON {t};\n" for t in COVERS_COLUMNS
) + "DROP FUNCTION reservations_log_covers_change();\n"


class Migration(migrations.Migration):

    dependencies = [
        ('holds', '0005_write_path_indexes'),
        ('reservations', '0013_allocation_start_index'),
    ]

    operations = [
        migrations.CreateModel(
            name='OccupancyChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('restaurant_id', models.BigIntegerField()),
                ('table_id', models.BigIntegerField(null=True)),
                ('shift_id', models.BigIntegerField(null=True)),
                ('service_date', models.DateField(null=True)),
                ('starts_at', models.DateTimeField(null=True)),
                ('start_epoch', models.BigIntegerField()),
                ('end_epoch', models.BigIntegerField()),
                ('xid', reservations.models.occupancy_log.TransactionId(db_default=models.Func(function='pg_current_xact_id'))),
                ('logged_at', models.DateTimeField(db_default=django.db.models.functions.datetime.Now())),
            ],
            options={
                'indexes': [models.Index(fields=['restaurant_id', 'xid'], name='occupancy_change_xid_idx'), models.Index(fields=['logged_at'], name='occupancy_change_age_idx')],
            },
        ),
        migrations.RunSQL(sql=ALLOCATIONS + COVERS, reverse_sql=DROP),
    ]
