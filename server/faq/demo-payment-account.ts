import type { DemoFaqCategory } from './demo-content';

// Demo FAQ text (server/db/seed/faq.ts): payment and account, in the six cultures.

/** When the demo's future entry goes live (fixed, so the seed stays deterministic). */
export const FUTURE_ENTRY_PUBLISH_AT = Date.UTC(2099, 0, 1);

export const payment: DemoFaqCategory = {
  slug: { fr: 'paiement', nl: 'betaling', es: 'pago', de: 'zahlung', it: 'pagamento', pt: 'pagamento' },
  title: { fr: 'Paiement', nl: 'Betaling', es: 'Pago', de: 'Zahlung', it: 'Pagamento', pt: 'Pagamento' },
  entries: [
    {
      key: 'payment-methods',
      question: {
        fr: 'Quels moyens de paiement acceptez-vous ?',
        nl: 'Welke betaalmethoden aanvaarden jullie?',
        es: '¿Qué medios de pago aceptan?',
        de: 'Welche Zahlungsarten akzeptieren Sie?',
        it: 'Quali metodi di pagamento accettate?',
        pt: 'Que meios de pagamento aceitam?',
      },
      answer: {
        fr: '<p>Carte Visa ou Mastercard, Bancontact, iDEAL, virement bancaire et solde de compte prépayé.</p>',
        nl: '<p>Visa of Mastercard, Bancontact, iDEAL, bankoverschrijving en het saldo van uw prepaidaccount.</p>',
        es: '<p>Tarjeta Visa o Mastercard, Bancontact, iDEAL, transferencia bancaria y saldo de cuenta prepago.</p>',
        de: '<p>Visa oder Mastercard, Bancontact, iDEAL, Banküberweisung und das Guthaben Ihres Prepaid-Kontos.</p>',
        it: '<p>Carta Visa o Mastercard, Bancontact, iDEAL, bonifico bancario e saldo del conto prepagato.</p>',
        pt: '<p>Cartão Visa ou Mastercard, Bancontact, iDEAL, transferência bancária e saldo da conta pré-paga.</p>',
      },
    },
    {
      key: 'payment-security',
      question: {
        fr: 'Le paiement est-il sécurisé ?',
        nl: 'Is betalen veilig?',
        es: '¿El pago es seguro?',
        de: 'Ist die Zahlung sicher?',
        it: 'Il pagamento è sicuro?',
        pt: 'O pagamento é seguro?',
      },
      answer: {
        fr: '<p>Oui. Le paiement par carte passe par notre prestataire certifié PCI DSS avec l’authentification 3-D Secure ; nous ne voyons ni ne conservons jamais votre numéro de carte.</p>',
        nl: '<p>Ja. Kaartbetalingen verlopen via onze PCI DSS-gecertificeerde betaalpartner met 3-D Secure-verificatie; wij zien of bewaren uw kaartnummer nooit.</p>',
        es: '<p>Sí. El pago con tarjeta pasa por nuestro proveedor certificado PCI DSS con autenticación 3-D Secure; nunca vemos ni guardamos el número de su tarjeta.</p>',
        de: '<p>Ja. Kartenzahlungen laufen über unseren PCI-DSS-zertifizierten Zahlungsdienstleister mit 3-D-Secure-Prüfung; wir sehen und speichern Ihre Kartennummer nie.</p>',
        it: '<p>Sì. Il pagamento con carta passa dal nostro fornitore certificato PCI DSS con autenticazione 3-D Secure; non vediamo né conserviamo mai il numero della carta.</p>',
        pt: '<p>Sim. O pagamento com cartão passa pelo nosso prestador certificado PCI DSS com autenticação 3-D Secure; nunca vemos nem guardamos o número do cartão.</p>',
      },
    },
    {
      key: 'bank-transfer',
      question: {
        fr: 'Comment fonctionne le paiement par virement ?',
        nl: 'Hoe werkt betalen per overschrijving?',
        es: '¿Cómo funciona el pago por transferencia?',
        de: 'Wie funktioniert die Zahlung per Überweisung?',
        it: 'Come funziona il pagamento con bonifico?',
        pt: 'Como funciona o pagamento por transferência?',
      },
      answer: {
        fr: '<p>Après la commande, vous recevez nos coordonnées bancaires. Indiquez votre numéro de commande en communication : les articles sont réservés <strong>7 jours</strong> et partent dès réception du virement.</p>',
        nl: '<p>Na het bestellen ontvangt u onze bankgegevens. Vermeld uw bestelnummer als mededeling: de artikelen worden <strong>7 dagen</strong> gereserveerd en vertrekken zodra de betaling binnen is.</p>',
        es: '<p>Tras el pedido recibirá nuestros datos bancarios. Indique su número de pedido como concepto: los artículos se reservan <strong>7 días</strong> y salen en cuanto llega la transferencia.</p>',
        de: '<p>Nach der Bestellung erhalten Sie unsere Bankverbindung. Geben Sie Ihre Bestellnummer als Verwendungszweck an: Die Artikel werden <strong>7 Tage</strong> reserviert und nach Zahlungseingang versendet.</p>',
        it: '<p>Dopo l’ordine ricevete le nostre coordinate bancarie. Indicate il numero d’ordine nella causale: gli articoli restano riservati <strong>7 giorni</strong> e partono appena arriva il bonifico.</p>',
        pt: '<p>Depois de encomendar, recebe os nossos dados bancários. Indique o número da encomenda no descritivo: os artigos ficam reservados <strong>7 dias</strong> e são enviados assim que a transferência chegar.</p>',
      },
    },
    {
      key: 'vat-invoice',
      question: {
        fr: 'Puis-je obtenir une facture avec TVA ?',
        nl: 'Kan ik een factuur met btw krijgen?',
        es: '¿Puedo obtener una factura con IVA?',
        de: 'Erhalte ich eine Rechnung mit ausgewiesener Mehrwertsteuer?',
        it: 'Posso avere una fattura con IVA?',
        pt: 'Posso obter uma fatura com IVA?',
      },
      answer: {
        fr: '<p>Oui, chaque commande a sa facture, téléchargeable dans votre compte. Les professionnels saisissent leur numéro de TVA à la commande : s’il est validé dans VIES, la livraison intracommunautaire est facturée hors TVA.</p>',
        nl: '<p>Ja, bij elke bestelling hoort een factuur, te downloaden in uw account. Bedrijven vullen hun btw-nummer in bij het bestellen: wordt het in VIES gevalideerd, dan wordt een intracommunautaire levering zonder btw gefactureerd.</p>',
        es: '<p>Sí, cada pedido tiene su factura, descargable en su cuenta. Las empresas introducen su número de IVA al hacer el pedido: si VIES lo valida, la entrega intracomunitaria se factura sin IVA.</p>',
        de: '<p>Ja, zu jeder Bestellung gibt es eine Rechnung zum Herunterladen in Ihrem Konto. Unternehmen geben bei der Bestellung ihre USt-IdNr. an: Wird sie in VIES bestätigt, wird eine innergemeinschaftliche Lieferung ohne Mehrwertsteuer berechnet.</p>',
        it: '<p>Sì, ogni ordine ha la sua fattura, scaricabile dall’account. Le aziende inseriscono la partita IVA al momento dell’ordine: se VIES la convalida, la consegna intracomunitaria è fatturata senza IVA.</p>',
        pt: '<p>Sim, cada encomenda tem a sua fatura, que pode descarregar na sua conta. As empresas indicam o NIF/IVA ao encomendar: se for validado no VIES, a entrega intracomunitária é faturada sem IVA.</p>',
      },
    },
    {
      key: 'discount-code',
      question: {
        fr: 'Comment utiliser un code promo ?',
        nl: 'Hoe gebruik ik een kortingscode?',
        es: '¿Cómo uso un código de descuento?',
        de: 'Wie löse ich einen Gutscheincode ein?',
        it: 'Come uso un codice sconto?',
        pt: 'Como uso um código de desconto?',
      },
      answer: {
        fr: '<p>Saisissez le code dans le champ « Code promo » du panier puis cliquez sur « Appliquer ». Un seul code par commande ; la remise s’affiche avant le paiement.</p>',
        nl: '<p>Vul de code in het veld „Kortingscode” in het winkelmandje in en klik op „Toepassen”. Eén code per bestelling; de korting ziet u vóór de betaling.</p>',
        es: '<p>Introduzca el código en el campo «Código de descuento» de la cesta y pulse «Aplicar». Un solo código por pedido; el descuento aparece antes del pago.</p>',
        de: '<p>Geben Sie den Code im Feld „Gutscheincode“ im Warenkorb ein und klicken Sie auf „Einlösen“. Ein Code pro Bestellung; der Rabatt erscheint vor der Zahlung.</p>',
        it: '<p>Inserite il codice nel campo «Codice sconto» del carrello e cliccate su «Applica». Un solo codice per ordine; lo sconto compare prima del pagamento.</p>',
        pt: '<p>Introduza o código no campo «Código de desconto» do carrinho e clique em «Aplicar». Um só código por encomenda; o desconto aparece antes do pagamento.</p>',
      },
    },
    {
      key: 'payment-declined',
      question: {
        fr: 'Mon paiement a été refusé, que faire ?',
        nl: 'Mijn betaling is geweigerd, wat nu?',
        es: 'Mi pago ha sido rechazado, ¿qué hago?',
        de: 'Meine Zahlung wurde abgelehnt – was nun?',
        it: 'Il pagamento è stato rifiutato, cosa faccio?',
        pt: 'O meu pagamento foi recusado, o que faço?',
      },
      answer: {
        fr: '<p>Votre panier est conservé. Vérifiez le plafond de votre carte et la validation 3-D Secure dans l’application de votre banque, puis réessayez ou choisissez un autre moyen de paiement.</p>',
        nl: '<p>Uw winkelmandje blijft bewaard. Controleer de limiet van uw kaart en de 3-D Secure-bevestiging in de app van uw bank, en probeer opnieuw of kies een andere betaalmethode.</p>',
        es: '<p>Su cesta se conserva. Compruebe el límite de su tarjeta y la validación 3-D Secure en la aplicación de su banco, y vuelva a intentarlo o elija otro medio de pago.</p>',
        de: '<p>Ihr Warenkorb bleibt erhalten. Prüfen Sie das Limit Ihrer Karte und die 3-D-Secure-Freigabe in der App Ihrer Bank und versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.</p>',
        it: '<p>Il carrello viene conservato. Verificate il massimale della carta e la conferma 3-D Secure nell’app della banca, poi riprovate o scegliete un altro metodo di pagamento.</p>',
        pt: '<p>O carrinho é mantido. Verifique o limite do cartão e a validação 3-D Secure na aplicação do seu banco e tente de novo ou escolha outro meio de pagamento.</p>',
      },
    },
    {
      key: 'instalments',
      publishAt: FUTURE_ENTRY_PUBLISH_AT,
      question: {
        fr: 'Puis-je payer en trois fois ?',
        nl: 'Kan ik in drie termijnen betalen?',
        es: '¿Puedo pagar en tres plazos?',
        de: 'Kann ich in drei Raten zahlen?',
        it: 'Posso pagare in tre rate?',
        pt: 'Posso pagar em três prestações?',
      },
      answer: {
        fr: '<p>Bientôt : le paiement en trois fois sans frais dès 150 €.</p>',
        nl: '<p>Binnenkort: in drie termijnen betalen zonder kosten vanaf € 150.</p>',
        es: '<p>Próximamente: pago en tres plazos sin intereses a partir de 150 €.</p>',
        de: '<p>Demnächst: Ratenzahlung in drei Raten ohne Gebühren ab 150 €.</p>',
        it: '<p>Presto: pagamento in tre rate senza costi a partire da 150 €.</p>',
        pt: '<p>Brevemente: pagamento em três prestações sem custos a partir de 150 €.</p>',
      },
    },
  ],
};

export const account: DemoFaqCategory = {
  slug: { fr: 'compte', nl: 'account', es: 'cuenta', de: 'konto', it: 'account', pt: 'conta' },
  title: { fr: 'Mon compte', nl: 'Mijn account', es: 'Mi cuenta', de: 'Mein Konto', it: 'Il mio account', pt: 'A minha conta' },
  entries: [
    {
      key: 'create-account',
      question: {
        fr: 'Faut-il un compte pour commander ?',
        nl: 'Heb ik een account nodig om te bestellen?',
        es: '¿Necesito una cuenta para hacer un pedido?',
        de: 'Brauche ich ein Kundenkonto, um zu bestellen?',
        it: 'Serve un account per ordinare?',
        pt: 'Preciso de uma conta para encomendar?',
      },
      answer: {
        fr: '<p>Non, vous pouvez commander en tant qu’invité. Un compte vous permet de suivre vos commandes, d’enregistrer vos adresses et de créer des listes de souhaits.</p>',
        nl: '<p>Nee, u kunt als gast bestellen. Met een account volgt u uw bestellingen, bewaart u uw adressen en maakt u verlanglijstjes.</p>',
        es: '<p>No, puede comprar como invitado. Una cuenta le permite seguir sus pedidos, guardar sus direcciones y crear listas de deseos.</p>',
        de: '<p>Nein, Sie können als Gast bestellen. Mit einem Konto verfolgen Sie Ihre Bestellungen, speichern Adressen und legen Wunschlisten an.</p>',
        it: '<p>No, potete ordinare come ospiti. Con un account seguite gli ordini, salvate gli indirizzi e create liste dei desideri.</p>',
        pt: '<p>Não, pode encomendar como convidado. Uma conta permite seguir as encomendas, guardar moradas e criar listas de desejos.</p>',
      },
    },
    {
      key: 'password-reset',
      question: {
        fr: 'J’ai oublié mon mot de passe, comment le réinitialiser ?',
        nl: 'Ik ben mijn wachtwoord vergeten, hoe stel ik het opnieuw in?',
        es: 'He olvidado mi contraseña, ¿cómo la restablezco?',
        de: 'Ich habe mein Passwort vergessen – wie setze ich es zurück?',
        it: 'Ho dimenticato la password, come la reimposto?',
        pt: 'Esqueci-me da palavra-passe, como a reponho?',
      },
      answer: {
        fr: '<p>Sur la page de connexion, cliquez sur « Mot de passe oublié » et saisissez votre adresse e-mail. Le lien reçu est valable <strong>une heure</strong>.</p>',
        nl: '<p>Klik op de aanmeldpagina op „Wachtwoord vergeten” en vul uw e-mailadres in. De ontvangen link is <strong>één uur</strong> geldig.</p>',
        es: '<p>En la página de inicio de sesión, pulse «He olvidado mi contraseña» e introduzca su correo. El enlace recibido es válido durante <strong>una hora</strong>.</p>',
        de: '<p>Klicken Sie auf der Anmeldeseite auf „Passwort vergessen“ und geben Sie Ihre E-Mail-Adresse ein. Der zugesandte Link ist <strong>eine Stunde</strong> gültig.</p>',
        it: '<p>Nella pagina di accesso cliccate su «Password dimenticata» e inserite l’indirizzo e-mail. Il link ricevuto è valido per <strong>un’ora</strong>.</p>',
        pt: '<p>Na página de início de sessão, clique em «Esqueci-me da palavra-passe» e introduza o seu e-mail. A ligação recebida é válida durante <strong>uma hora</strong>.</p>',
      },
    },
    {
      key: 'two-factor',
      question: {
        fr: 'Comment protéger mon compte avec la double authentification ?',
        nl: 'Hoe beveilig ik mijn account met tweestapsverificatie?',
        es: '¿Cómo protejo mi cuenta con la verificación en dos pasos?',
        de: 'Wie schütze ich mein Konto mit der Zwei-Faktor-Authentifizierung?',
        it: 'Come proteggo l’account con l’autenticazione a due fattori?',
        pt: 'Como protejo a conta com a autenticação de dois fatores?',
      },
      answer: {
        fr: '<p>Dans <em>Mon compte › Sécurité</em>, activez la double authentification et scannez le QR code avec une application d’authentification. Gardez vos codes de secours en lieu sûr.</p>',
        nl: '<p>Zet onder <em>Mijn account › Beveiliging</em> tweestapsverificatie aan en scan de QR-code met een authenticator-app. Bewaar uw herstelcodes op een veilige plek.</p>',
        es: '<p>En <em>Mi cuenta › Seguridad</em>, active la verificación en dos pasos y escanee el código QR con una aplicación de autenticación. Guarde sus códigos de recuperación en un lugar seguro.</p>',
        de: '<p>Aktivieren Sie unter <em>Mein Konto › Sicherheit</em> die Zwei-Faktor-Authentifizierung und scannen Sie den QR-Code mit einer Authenticator-App. Bewahren Sie Ihre Wiederherstellungscodes sicher auf.</p>',
        it: '<p>In <em>Il mio account › Sicurezza</em> attivate l’autenticazione a due fattori e scansionate il codice QR con un’app di autenticazione. Conservate i codici di recupero in un luogo sicuro.</p>',
        pt: '<p>Em <em>A minha conta › Segurança</em>, ative a autenticação de dois fatores e leia o código QR com uma aplicação de autenticação. Guarde os códigos de recuperação num local seguro.</p>',
      },
    },
    {
      key: 'addresses',
      question: {
        fr: 'Comment modifier mes adresses de livraison ?',
        nl: 'Hoe wijzig ik mijn leveringsadressen?',
        es: '¿Cómo modifico mis direcciones de entrega?',
        de: 'Wie ändere ich meine Lieferadressen?',
        it: 'Come modifico i miei indirizzi di consegna?',
        pt: 'Como altero as minhas moradas de entrega?',
      },
      answer: {
        fr: '<p>Dans <em>Mon compte › Carnet d’adresses</em>, ajoutez, modifiez ou supprimez vos adresses et choisissez celle par défaut. Une commande déjà expédiée ne peut plus changer d’adresse.</p>',
        nl: '<p>Onder <em>Mijn account › Adresboek</em> voegt u adressen toe, wijzigt of verwijdert u ze en kiest u het standaardadres. Een verzonden bestelling kan niet meer van adres veranderen.</p>',
        es: '<p>En <em>Mi cuenta › Libreta de direcciones</em> puede añadir, modificar o eliminar direcciones y elegir la predeterminada. Un pedido ya enviado no puede cambiar de dirección.</p>',
        de: '<p>Unter <em>Mein Konto › Adressbuch</em> fügen Sie Adressen hinzu, ändern oder löschen sie und wählen Ihre Standardadresse. Bei einer bereits versandten Bestellung lässt sich die Adresse nicht mehr ändern.</p>',
        it: '<p>In <em>Il mio account › Rubrica indirizzi</em> aggiungete, modificate o eliminate gli indirizzi e scegliete quello predefinito. Un ordine già spedito non può più cambiare indirizzo.</p>',
        pt: '<p>Em <em>A minha conta › Livro de moradas</em>, adicione, altere ou apague moradas e escolha a predefinida. Uma encomenda já expedida já não pode mudar de morada.</p>',
      },
    },
    {
      key: 'newsletter',
      question: {
        fr: 'Comment me désinscrire de la newsletter ?',
        nl: 'Hoe schrijf ik me uit voor de nieuwsbrief?',
        es: '¿Cómo me doy de baja del boletín?',
        de: 'Wie melde ich mich vom Newsletter ab?',
        it: 'Come annullo l’iscrizione alla newsletter?',
        pt: 'Como cancelo a subscrição da newsletter?',
      },
      answer: {
        fr: '<p>Cliquez sur le lien « Se désinscrire » en bas de chaque newsletter : la désinscription est immédiate.</p>',
        nl: '<p>Klik op de link „Uitschrijven” onderaan elke nieuwsbrief: u wordt meteen uitgeschreven.</p>',
        es: '<p>Pulse el enlace «Darse de baja» al final de cada boletín: la baja es inmediata.</p>',
        de: '<p>Klicken Sie auf den Link „Abmelden“ am Ende jedes Newsletters: Die Abmeldung gilt sofort.</p>',
        it: '<p>Cliccate sul link «Annulla iscrizione» in fondo a ogni newsletter: la cancellazione è immediata.</p>',
        pt: '<p>Clique na ligação «Cancelar subscrição» no fim de cada newsletter: o cancelamento é imediato.</p>',
      },
    },
    {
      key: 'delete-account',
      question: {
        fr: 'Comment supprimer mon compte et mes données ?',
        nl: 'Hoe verwijder ik mijn account en mijn gegevens?',
        es: '¿Cómo elimino mi cuenta y mis datos?',
        de: 'Wie lösche ich mein Konto und meine Daten?',
        it: 'Come elimino l’account e i miei dati?',
        pt: 'Como elimino a minha conta e os meus dados?',
      },
      answer: {
        fr: '<p>Faites la demande via le formulaire de contact : nous supprimons votre compte sous 30 jours, conformément au RGPD. Les factures restent conservées dix ans, comme la loi l’exige.</p>',
        nl: '<p>Dien uw verzoek in via het contactformulier: we verwijderen uw account binnen 30 dagen, volgens de AVG. Facturen bewaren we tien jaar, zoals de wet vereist.</p>',
        es: '<p>Solicítelo mediante el formulario de contacto: eliminamos su cuenta en un plazo de 30 días, conforme al RGPD. Las facturas se conservan diez años, como exige la ley.</p>',
        de: '<p>Stellen Sie den Antrag über das Kontaktformular: Wir löschen Ihr Konto innerhalb von 30 Tagen gemäß DSGVO. Rechnungen bewahren wir zehn Jahre auf, wie gesetzlich vorgeschrieben.</p>',
        it: '<p>Fate richiesta tramite il modulo di contatto: eliminiamo l’account entro 30 giorni, secondo il GDPR. Le fatture vengono conservate dieci anni, come richiesto dalla legge.</p>',
        pt: '<p>Faça o pedido pelo formulário de contacto: eliminamos a conta no prazo de 30 dias, nos termos do RGPD. As faturas são conservadas durante dez anos, como a lei exige.</p>',
      },
    },
  ],
};
