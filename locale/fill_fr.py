# ruff: noqa: E501  (a translation table: one line per string reads best)
"""Fill locale/fr/LC_MESSAGES/django.po from the table below (run after `manage.py makemessages -l fr`),
then `manage.py compilemessages -l fr`. Kept so that a new string is added here and the catalogue rebuilt."""

import re
from pathlib import Path

FR = {
    # The statuses as staff read them (the host's pages, the admin).
    "To approve": "À valider",
    "Waiting for card": "Carte attendue",
    "On the card step": "Saisie de la carte",
    "Held": "Retenue",
    "Partly seated": "En partie à table",
    "No-show": "Absent",
    "Held by a partner": "Retenue par un partenaire",
    "Blocked": "Bloquée",
    "Late": "En retard",
    "Waiting": "En attente",
    "Offered": "Place proposée",
    "A table is free": "Une table s'est libérée",
    "Removed": "Retiré",
    "Date": "Date",
    "Guests": "Personnes",
    "Time": "Heure",
    "First name": "Prénom",
    "Last name": "Nom",
    "E-mail": "E-mail",
    "Phone": "Téléphone",
    "Phone (optional)": "Téléphone (facultatif)",
    "Requests (optional)": "Demandes particulières (facultatif)",
    "This field contains a character that is not allowed.": "Ce champ contient un caractère non autorisé.",
    "Card number": "Numéro de carte",
    "Yes, I want to cancel this booking": "Oui, je veux annuler cette réservation",
    "Your rating": "Votre note",
    "Comment (optional)": "Commentaire (facultatif)",
    "Your booking is made.": "Votre réservation est enregistrée.",
    "Almost done: save a card below to secure your table.": "Presque terminé : enregistrez une carte ci-dessous pour garantir votre table.",
    "Your card is saved. Thank you: your booking is secured.": "Votre carte est enregistrée. Merci : votre réservation est garantie.",
    "Your booking is cancelled.": "Votre réservation est annulée.",
    "Thank you for your feedback.": "Merci pour votre avis.",
    "This booking no longer awaits a card.": "Cette réservation n'attend plus de carte.",
    "Your bank did not confirm the card. Try again or use another card.": "Votre banque n'a pas confirmé la carte. Réessayez ou utilisez une autre carte.",
    "Waiting for your card": "En attente de votre carte",
    "Request received: the restaurant will confirm it": "Demande reçue : le restaurant va la confirmer",
    "Confirmed": "Confirmée",
    "Seated": "À table",
    "Completed": "Terminée",
    "Cancelled": "Annulée",
    "Missed": "Non honorée",
    "This time was just taken. Please choose another time.": "Cet horaire vient d'être pris. Choisissez-en un autre.",
    "No table is free for your party at this time. Please choose another time.": "Aucune table n'est libre pour votre groupe à cet horaire. Choisissez-en un autre.",
    "Online booking for this time has closed.": "La réservation en ligne est close pour cet horaire.",
    "This date has passed.": "Cette date est passée.",
    "This date is too far ahead to book online.": "Cette date est trop lointaine pour réserver en ligne.",
    "Please call the restaurant for a party of this size.": "Pour un groupe de cette taille, appelez le restaurant.",
    "This party size cannot be booked online.": "Ce nombre de personnes ne peut pas être réservé en ligne.",
    "This time cannot be booked online right now.": "Cet horaire ne peut pas être réservé en ligne pour le moment.",
    "This time cannot be booked.": "Cet horaire ne peut pas être réservé.",
    "This booking could not be made (%(code)s).": "La réservation n'a pas pu être faite (%(code)s).",
    "Cards cannot be taken right now. Please try again later or call the restaurant.": "Les cartes ne peuvent pas être enregistrées pour le moment. Réessayez plus tard ou appelez le restaurant.",
    "Your card was declined (%(reason)s). Please try another card.": "Votre carte a été refusée (%(reason)s). Essayez une autre carte.",
    "Your booking at {restaurant}": "Votre réservation chez {restaurant}",
    "Your booking at {restaurant} is cancelled": "Votre réservation chez {restaurant} est annulée",
    "Please secure your booking at {restaurant} with a card": "Garantissez votre réservation chez {restaurant} par carte",
    "Reminder: secure your booking at {restaurant} with a card": "Rappel : garantissez votre réservation chez {restaurant} par carte",
    "How was your visit to {restaurant}?": "Comment s'est passée votre visite chez {restaurant} ?",
    "Hello %(name)s,": "Bonjour %(name)s,",
    "Hello,": "Bonjour,",
    ("%(when)s, %(size)s guest", 0): "%(when)s, %(size)s personne",
    ("%(when)s, %(size)s guest", 1): "%(when)s, %(size)s personnes",
    "Your booking at %(restaurant)s is cancelled.": "Votre réservation chez %(restaurant)s est annulée.",
    "No card was saved before the deadline, so the table was released.": "Aucune carte n'a été enregistrée avant la date limite : la table a été libérée.",
    "%(restaurant)s is still waiting for a card to secure your booking. Without one by %(deadline)s, the booking may be cancelled.": "%(restaurant)s attend toujours une carte pour garantir votre réservation. Sans carte avant le %(deadline)s, la réservation peut être annulée.",
    "Save a card": "Enregistrer une carte",
    "Save a card here:": "Enregistrez une carte ici :",
    "%(restaurant)s holds your table and asks for a card to secure it.": "%(restaurant)s vous réserve une table et demande une carte pour la garantir.",
    "Nothing is charged now: the card guarantees up to %(amount)s in case of a no-show or a late cancellation.": "Rien n'est débité maintenant : la carte garantit jusqu'à %(amount)s en cas d'absence ou d'annulation tardive.",
    "Please save a card before %(deadline)s:": "Merci d'enregistrer une carte avant le %(deadline)s :",
    "Your booking request at %(restaurant)s is received; the restaurant will confirm it.": "Votre demande de réservation chez %(restaurant)s est reçue ; le restaurant va la confirmer.",
    "Your table at %(restaurant)s is booked.": "Votre table chez %(restaurant)s est réservée.",
    "See or cancel your booking": "Voir ou annuler votre réservation",
    "See or cancel your booking:": "Voir ou annuler votre réservation :",
    "Thank you for your visit to %(restaurant)s. Tell us how it was: it takes a minute.": "Merci de votre visite chez %(restaurant)s. Dites-nous comment cela s'est passé : cela prend une minute.",
    "Give feedback": "Donner mon avis",
    "Language": "Langue",
    "Book a table": "Réserver une table",
    "Choose a time.": "Choisissez un horaire.",
    "Error": "Erreur",
    "Please correct the following": "Veuillez corriger ce qui suit",
    "Page not found": "Page introuvable",
    "This address does not open a restaurant’s booking page, a booking or a waitlist request. Please check the link in your e-mail: it must be copied whole.": "Cette adresse n’ouvre ni la page de réservation d’un restaurant, ni une réservation, ni une demande de liste d’attente. Vérifiez le lien de votre e-mail : il doit être copié en entier.",
    "See available times": "Voir les horaires disponibles",
    ("%(day)s, %(size)s guest", 0): "%(day)s, %(size)s personne",
    ("%(day)s, %(size)s guest", 1): "%(day)s, %(size)s personnes",
    "Times": "Horaires",
    "A card is asked to secure this booking (up to %(amount)s in case of a no-show or a late cancellation; nothing is charged now).": "Une carte est demandée pour garantir cette réservation (jusqu'à %(amount)s en cas d'absence ou d'annulation tardive ; rien n'est débité maintenant).",
    ("Free cancellation until %(hours)s hour before.", 0): "Annulation gratuite jusqu'à %(hours)s heure avant.",
    ("Free cancellation until %(hours)s hour before.", 1): "Annulation gratuite jusqu'à %(hours)s heures avant.",
    "The restaurant confirms bookings of this service itself.": "Le restaurant confirme lui-même les réservations de ce service.",
    "full": "complet",
    "Book": "Réserver",
    "No table is available for this party on this date. Please try another date or party size.": "Aucune table n'est disponible pour ce nombre de personnes à cette date. Essayez une autre date ou un autre nombre.",
    "Your booking": "Votre réservation",
    "Status": "État",
    "Restaurant": "Restaurant",
    "This booking was cancelled because no card was saved before the deadline.": "Cette réservation a été annulée car aucune carte n'a été enregistrée avant la date limite.",
    "This booking is cancelled.": "Cette réservation est annulée.",
    "Card guarantee": "Garantie par carte",
    "The restaurant secures this booking with a card: up to %(amount)s may be charged in case of a no-show or a late cancellation. Nothing is charged now.": "Le restaurant garantit cette réservation par carte : jusqu'à %(amount)s peuvent être débités en cas d'absence ou d'annulation tardive. Rien n'est débité maintenant.",
    "Cancellation is free at any time.": "L'annulation est gratuite à tout moment.",
    "Free cancellation until %(until)s.": "Annulation gratuite jusqu'au %(until)s.",
    "Card saved: %(brand)s ending in %(last4)s.": "Carte enregistrée : %(brand)s se terminant par %(last4)s.",
    "Please save a card before %(deadline)s.": "Merci d'enregistrer une carte avant le %(deadline)s.",
    "Confirm the card with your bank": "Confirmer la carte auprès de votre banque",
    "Save my card": "Enregistrer ma carte",
    "Cancel the booking": "Annuler la réservation",
    "Free cancellation has ended: if you cancel now, the restaurant may charge up to %(amount)s to your card.": "L'annulation gratuite est terminée : si vous annulez maintenant, le restaurant peut débiter jusqu'à %(amount)s sur votre carte.",
    "Tick the box to confirm.": "Cochez la case pour confirmer.",
    "Cancel my booking": "Annuler ma réservation",
    "How was your visit?": "Comment s'est passée votre visite ?",
    "Choose a rating from 1 to 5.": "Choisissez une note de 1 à 5.",
    "Send": "Envoyer",
    "Your feedback": "Votre avis",
    "You rated your visit %(rating)s out of 5. Thank you.": "Vous avez noté votre visite %(rating)s sur 5. Merci.",
    "Online booking is not available": "La réservation en ligne n'est pas disponible",
    "Please contact the restaurant to book a table.": "Contactez le restaurant pour réserver une table.",
    "Confirm your card": "Confirmez votre carte",
    "Your bank asks you to confirm this card (test provider: a simulated 3-D Secure step).": "Votre banque vous demande de confirmer cette carte (fournisseur de test : une étape 3-D Secure simulée).",
    "Guarantee of up to %(amount)s; nothing is charged now.": "Garantie jusqu'à %(amount)s ; rien n'est débité maintenant.",
    "Confirm": "Confirmer",
    "Refuse": "Refuser",
    # The waitlist from the guest's side (guestpages/waitlist.py, templates/guest/waitlist_*.html).
    "From": "À partir de",
    "Until": "Jusqu’à",
    "Yes, take me off the waitlist": "Oui, retirez-moi de la liste d’attente",
    "You are on the waitlist. We will e-mail you if a table frees up.": "Vous êtes sur la liste d’attente. Nous vous écrirons si une table se libère.",
    "Your waitlist request is updated.": "Votre demande de liste d’attente est mise à jour.",
    "You have left the waitlist.": "Vous avez quitté la liste d’attente.",
    "This waitlist request can no longer be changed.": "Cette demande de liste d’attente ne peut plus être modifiée.",
    "This offer has lapsed.": "Cette proposition a expiré.",
    "On the waitlist": "Sur la liste d’attente",
    "A table is offered to you": "Une table vous est proposée",
    "Booked": "Réservée",
    "Left the waitlist": "Liste d’attente quittée",
    "Expired": "Expirée",
    "The waitlist is not open for this time. Please choose another date or time.": "La liste d’attente n’est pas ouverte pour cet horaire. Choisissez une autre date ou un autre horaire.",
    "The end of the window must be after its start.": "La fin de la plage doit être après son début.",
    "This request could not be made (%(code)s).": "Cette demande n’a pas pu être faite (%(code)s).",
    "No table at the time you want? Join the waitlist: the restaurant will offer you a table by e-mail if one frees up.": "Pas de table à l’heure souhaitée ? Inscrivez-vous sur la liste d’attente : le restaurant vous proposera une table par e-mail si une se libère.",
    "Join the waitlist": "M’inscrire sur la liste d’attente",
    "Change": "Modifier",
    "Tell us between which times you could come. If a table frees up, the restaurant offers it to you by e-mail; nothing is booked until you accept.": "Indiquez entre quelles heures vous pourriez venir. Si une table se libère, le restaurant vous la propose par e-mail ; rien n’est réservé avant que vous acceptiez.",
    "When could you come?": "Quand pourriez-vous venir ?",
    "Your waitlist request": "Votre demande de liste d’attente",
    "Between": "Entre",
    "See your booking": "Voir votre réservation",
    "A table is free for you": "Une table est libre pour vous",
    "The restaurant offers you a table at %(time)s. Accept before %(until)s.": "Le restaurant vous propose une table à %(time)s. Acceptez avant le %(until)s.",
    "Accept the table": "Accepter la table",
    "Change your request": "Modifier votre demande",
    "Save the changes": "Enregistrer les modifications",
    "Leave the waitlist": "Quitter la liste d’attente",
    "A table is free for you at %(restaurant)s": "Une table est libre pour vous chez %(restaurant)s",
    (
        "%(restaurant)s has a table for you from the waitlist: %(day)s at %(time)s, %(size)s guest.",
        0,
    ): "%(restaurant)s a une table pour vous grâce à la liste d’attente : %(day)s à %(time)s, %(size)s personne.",
    (
        "%(restaurant)s has a table for you from the waitlist: %(day)s at %(time)s, %(size)s guest.",
        1,
    ): "%(restaurant)s a une table pour vous grâce à la liste d’attente : %(day)s à %(time)s, %(size)s personnes.",
    "Accept it before %(deadline)s:": "Acceptez-la avant le %(deadline)s :",
    # Issue 31: the guest's change, the card step's words, the restaurant's details, the calendar file.
    "The time to save a card has passed, so the restaurant released the table. You can book again.": "Le délai pour enregistrer une carte est passé : le restaurant a libéré la table. Vous pouvez réserver à nouveau.",
    "Your booking is changed. We sent you an e-mail with the new details.": "Votre réservation est modifiée. Nous vous avons envoyé un e-mail avec les nouveaux détails.",
    "Your change is received: the restaurant will confirm your booking as it is now.": "Votre modification est bien reçue : le restaurant confirmera votre réservation telle qu'elle est maintenant.",
    "Nothing was changed: this is already your booking.": "Rien n'a été modifié : c'est déjà votre réservation.",
    "The new time was taken while you saved your card, so nothing was changed and your card was not kept. Your booking stays as it was.": "Le nouvel horaire a été pris pendant que vous enregistriez votre carte : rien n'a été modifié et votre carte n'a pas été conservée. Votre réservation reste telle qu'elle était.",
    "Your bank declined this card. Please try another card.": "Votre banque a refusé cette carte. Veuillez essayer une autre carte.",
    "Your bank declined this card: it has not enough funds. Please try another card.": "Votre banque a refusé cette carte : provision insuffisante. Veuillez essayer une autre carte.",
    "This card has expired. Please use another card.": "Cette carte a expiré. Veuillez utiliser une autre carte.",
    "The security code is not right. Check the digits on the back of the card and try again.": "Le code de sécurité est incorrect. Vérifiez les chiffres au dos de la carte et réessayez.",
    "This card number is not right. Check it and try again.": "Ce numéro de carte est incorrect. Vérifiez-le et réessayez.",
    "Your bank could not be reached. Please try again in a moment.": "Votre banque n'a pas pu être jointe. Veuillez réessayer dans un instant.",
    "This restaurant takes test cards only: a real card number is not accepted here.": "Ce restaurant n'accepte que des cartes de test : un vrai numéro de carte n'est pas accepté ici.",
    "Your bank did not confirm the card. Try again, or use another card.": "Votre banque n'a pas confirmé la carte. Réessayez, ou utilisez une autre carte.",
    "Your bank asks to confirm this card. Try again and confirm it with your bank.": "Votre banque demande de confirmer cette carte. Réessayez et confirmez-la auprès de votre banque.",
    "This restaurant does not take changes online. Please call the restaurant.": "Ce restaurant ne prend pas les modifications en ligne. Veuillez appeler le restaurant.",
    "This booking can no longer be changed online: your visit has begun.": "Cette réservation ne peut plus être modifiée en ligne : votre visite a commencé.",
    "This booking is cancelled. You can make a new booking.": "Cette réservation est annulée. Vous pouvez faire une nouvelle réservation.",
    "Save your card first: the booking can be changed once it is secured.": "Enregistrez d'abord votre carte : la réservation pourra être modifiée une fois garantie.",
    "Online changes have closed for this booking. Please call the restaurant to change it.": "Les modifications en ligne sont closes pour cette réservation. Veuillez appeler le restaurant pour la modifier.",
    "Table at %(restaurant)s, party of %(n)d": "Table chez %(restaurant)s, %(n)d personnes",
    "Your booking: %(url)s": "Votre réservation : %(url)s",
    "The restaurant: %(phone)s": "Le restaurant : %(phone)s",
    "Your booking at {restaurant} is changed": "Votre réservation chez {restaurant} est modifiée",
    "Phone:": "Téléphone :",
    "See it on a map": "Voir sur une carte",
    "Map:": "Carte :",
    "Your change is received; %(restaurant)s will confirm your booking as it is now.": "Votre modification est bien reçue ; %(restaurant)s confirmera votre réservation telle qu'elle est maintenant.",
    "Your booking at %(restaurant)s is changed.": "Votre réservation chez %(restaurant)s est modifiée.",
    "See, change or cancel your booking": "Voir, modifier ou annuler votre réservation",
    "See, change or cancel your booking:": "Voir, modifier ou annuler votre réservation :",
    "Call %(phone)s": "Appeler le %(phone)s",
    "(opens in a new tab)": "(s'ouvre dans un nouvel onglet)",
    ("%(day)s at %(time)s, %(size)s guest", 0): "%(day)s à %(time)s, %(size)s personne",
    ("%(day)s at %(time)s, %(size)s guest", 1): "%(day)s à %(time)s, %(size)s personnes",
    "Change the booking": "Modifier la réservation",
    "Your booking now:": "Votre réservation actuelle :",
    "If the new time asks for a card, you will save it next; your booking changes only then.": "Si le nouvel horaire demande une carte, vous l'enregistrerez ensuite ; votre réservation ne change qu'à ce moment-là.",
    "Change my booking": "Modifier ma réservation",
    "Back to my booking": "Retour à ma réservation",
    "Save a card for your change": "Enregistrez une carte pour votre modification",
    "Your booking now": "Votre réservation actuelle",
    "Your change": "Votre modification",
    "The new time is secured with a card: up to %(amount)s may be charged in case of a no-show or a late cancellation. Nothing is charged now.": "Le nouvel horaire est garanti par une carte : jusqu'à %(amount)s peuvent être débités en cas d'absence ou d'annulation tardive. Rien n'est débité maintenant.",
    "Your booking stays as it is until the card is saved.": "Votre réservation reste telle qu'elle est jusqu'à l'enregistrement de la carte.",
    "Your bank asks you to confirm the card.": "Votre banque vous demande de confirmer la carte.",
    "Keep my booking as it is": "Garder ma réservation telle qu'elle est",
    "Add to my calendar": "Ajouter à mon agenda",
    "Book again": "Réserver à nouveau",
    "Change the date, time or guests": "Changer la date, l'heure ou le nombre de personnes",
    "Busy": "Occupé",
    "The restaurant is very busy right now": "Le restaurant est très occupé en ce moment",
    "Nothing was changed. Please try again in a moment.": "Rien n'a été modifié. Veuillez réessayer dans un instant.",
    "Try again": "Réessayer",
    "Confirm it to save the card. If you refuse, nothing is saved: you can try again or use another card.": "Confirmez-la pour enregistrer la carte. Si vous refusez, rien n'est enregistré : vous pouvez réessayer ou utiliser une autre carte.",
}


def unquote(lines: list[str]) -> str:
    return "".join(re.match(r'^(?:msgid|msgid_plural|msgstr(?:\[\d\])?)?\s*"(.*)"$', line).group(1) for line in lines)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def fill(path: Path) -> list[str]:
    blocks = path.read_text().split("\n\n")
    missing, out = [], []
    for block in blocks:
        lines = block.splitlines()
        keep = [line for line in lines if line.startswith("#")]
        body = [line for line in lines if not line.startswith("#")]
        if not body or not any(line.startswith("msgid") for line in body):
            out.append(block)
            continue
        parts, current = {}, None
        for line in body:
            head = re.match(r"^(msgid_plural|msgid|msgstr(?:\[\d\])?)\s", line)
            if head:
                current = head.group(1)
                parts[current] = [line]
            else:
                parts[current].append(line)
        msgid = unquote(parts["msgid"]).encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
        if not msgid:
            out.append(block)
            continue
        keep = [line for line in keep if "fuzzy" not in line]
        if "msgid_plural" in parts:
            forms = [FR.get((msgid, 0)), FR.get((msgid, 1))]
            if None in forms:
                missing.append(msgid)
                out.append(block)
                continue
            text = "\n".join(keep + parts["msgid"] + parts["msgid_plural"])
            text += f"\nmsgstr[0] {quote(forms[0])}\nmsgstr[1] {quote(forms[1])}"
        else:
            if msgid not in FR:
                missing.append(msgid)
                out.append(block)
                continue
            text = "\n".join(keep + parts["msgid"]) + f"\nmsgstr {quote(FR[msgid])}"
        out.append(text)
    path.write_text("\n\n".join(out))
    return missing


if __name__ == "__main__":
    left = fill(Path(__file__).parent / "fr" / "LC_MESSAGES" / "django.po")
    for msgid in left:
        print("untranslated:", msgid)
