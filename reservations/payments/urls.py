from django.urls import path

from reservations.payments import views

urlpatterns = [path("stripe/webhook", views.stripe_webhook, name="stripe-webhook")]
