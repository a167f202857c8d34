# A delivery goes to an endpoint of its own restaurant (tests/platform/test_tenant_keys.py).

from django.db import migrations

from config.constraints import same_restaurant, tenant_key


class Migration(migrations.Migration):
    dependencies = [
        ("webhooks", "0003_write_path_indexes"),
    ]

    operations = [
        migrations.AddConstraint(model_name="endpoint", constraint=tenant_key("endpoint_tenant_key")),
        same_restaurant("delivery_endpoint_same_restaurant", "webhooks_delivery", "endpoint_id", "webhooks_endpoint"),
    ]
