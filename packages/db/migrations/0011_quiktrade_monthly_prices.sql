-- QuikTrade prices per month fall with the period, as the period banners promise: a month is the list price and
-- shows no badge; semi-annual is 17 % and annual 22 % (Scalper) or 34 % (Pro) below it. Before, the monthly plans
-- were priced 34 % below list and so cost less per month than the longer plans. Paid subscriptions keep their price:
-- a payment order holds the amount charged, and only new orders read these rows.
UPDATE "billing_packages" SET "monthly_paise" = "list_monthly_paise" WHERE "id" IN ('QT01', 'QT04');
