"""The entry's guest page token (filled for existing rows one by one) and the widget form's submission."""

from django.db import migrations, models

import waitlist.models


def fill_tokens(apps, schema_editor):
    WaitlistEntry = apps.get_model("waitlist", "WaitlistEntry")
    for entry in WaitlistEntry.objects.filter(guest_token__isnull=True).only("pk").iterator():
        WaitlistEntry.objects.filter(pk=entry.pk).update(guest_token=waitlist.models.new_guest_token())


class Migration(migrations.Migration):
    dependencies = [("waitlist", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="waitlistentry",
            name="guest_token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="waitlistentry",
            name="guest_token",
            field=models.CharField(default=waitlist.models.new_guest_token, editable=False, max_length=64, unique=True),
        ),
        migrations.AddField(
            model_name="waitlistentry",
            name="widget_submission",
            field=models.CharField(blank=True, editable=False, max_length=64, null=True),
        ),
        migrations.AddConstraint(
            model_name="waitlistentry",
            constraint=models.UniqueConstraint(
                fields=("restaurant", "widget_submission"), name="waitlist_widget_submission_once"
            ),
        ),
    ]
