from django.db import models

from config.constraints import tenant_key
from config.ids import new_company_id


class Company(models.Model):
    public_id = models.CharField(max_length=40, unique=True, default=new_company_id, editable=False)
    restaurant = models.ForeignKey("reservations.Restaurant", on_delete=models.CASCADE, related_name="companies")
    name = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "companies"
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["restaurant", "name"], name="company_name_unique"),
            tenant_key("company_tenant_key"),
        ]

    def __str__(self) -> str:
        return self.name
